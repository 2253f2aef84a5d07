import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@site/ui/render';
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Article, ArticleDetail, ArticlePage } from '@site/contract';

/** Render inside a router at a URL (pages read `?id=` and `?page=` from it). */
export function renderAt(ui: ReactElement, url: string): RenderResult {
  // A fresh query cache per test, as each page load has its own.
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Shows the current URL so tests can assert navigation. */
function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

export function article(over: Partial<ArticleDetail> & { id: number }): ArticleDetail {
  return {
    title: `文章 ${over.id}`,
    subtitle: null,
    description: null,
    image: null,
    video: null,
    file: null,
    fileName: null,
    fileLength: null,
    author: null,
    source: null,
    publishDate: '2026-03-01T08:00:00.000Z',
    channelId: 12,
    channel: { id: over.channelId ?? 12, name: '新闻中心', alias: 'news' },
    customs: {},
    text: '',
    ...over,
  };
}

export function pageOf(content: Article[], totalElements = content.length, size = 10): ArticlePage {
  return {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
    number: 0,
    size,
    first: true,
    last: totalElements <= size,
    numberOfElements: content.length,
    empty: content.length === 0,
  };
}
