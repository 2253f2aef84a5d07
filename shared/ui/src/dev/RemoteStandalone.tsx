import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../render/route-data';

export interface StandalonePage {
  /** The path the host's route table mounts the page on. */
  path: string;
  element: ReactNode;
  /** Its link in the bar; a page reached from another (a detail page) has none. */
  name?: string;
}

/**
 * A remote on its own, its team's development page (`pnpm start`; the host never mounts it): its pages on the host's
 * paths without the host's layout, under a bar of links, reading through one query cache as a composed page does.
 * `home`: where `/` leads when no page of the remote is there. Exported as `@site/ui/standalone`, never from the
 * index, so no exposed module bundles it.
 */
export function RemoteStandalone({ remote, pages, home }: { remote: string; pages: readonly StandalonePage[]; home?: string }) {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <nav aria-label={`${remote} 页面`} style={{ padding: 12, borderBottom: '1px solid #eee', display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {pages
            .filter((p) => p.name)
            .map((p) => (
              <Link key={p.path} to={p.path}>
                {p.name}
              </Link>
            ))}
        </nav>
        <main>
          <Routes>
            {home && <Route path="/" element={<Navigate to={home} replace />} />}
            {pages.map((p) => (
              <Route key={p.path} path={p.path} element={p.element} />
            ))}
            <Route path="*" element={<p style={{ padding: 24 }}>页面不存在</p>} />
          </Routes>
        </main>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
