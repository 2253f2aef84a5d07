import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** A query cache for one test, with the host's defaults that matter here (no retries, no refetch on focus). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/** Wraps a tree in its own query cache, as the host's QueryClientProvider does on the site. */
export function WithQueries({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client ?? testQueryClient()}>{children}</QueryClientProvider>;
}
