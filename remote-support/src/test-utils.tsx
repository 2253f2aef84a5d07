import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@site/ui/render';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { render, type RenderResult } from '@testing-library/react';
import type { Article, ArticleDetail, ArticlePage } from '@site/contract';

/** Renders a page at a url inside a router, as the host would mount it. */
export function renderAt(ui: ReactElement, url: string): RenderResult {
  // A fresh query cache per test, as each page load has its own.
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

export function article(over: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    id: 1,
    title: '标题',
    subtitle: null,
    description: null,
    image: null,
    video: null,
    file: null,
    fileName: null,
    fileLength: null,
    author: null,
    source: null,
    publishDate: '2026-01-02T03:04:05.000Z',
    channelId: 15,
    channel: { id: 15, name: '文档中心', alias: 'document' },
    customs: {},
    text: '',
    ...over,
  };
}

export function pageOf(content: Article[]): ArticlePage {
  return {
    content,
    totalElements: content.length,
    totalPages: 1,
    number: 0,
    size: 10,
    first: true,
    last: true,
    numberOfElements: content.length,
    empty: !content.length,
  };
}
