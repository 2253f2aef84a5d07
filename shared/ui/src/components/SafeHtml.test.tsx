import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../render/route-data';
import { SafeHtml } from './SafeHtml';

// The sanitiser's file, as the page loads it: a stand-in that marks what went through it.
jest.mock('../utils/sanitize', () => ({ sanitizeHtml: jest.fn((html: string) => `<p>净化后:${html.replace(/<[^>]+>/g, '')}</p>`) }));
const { sanitizeHtml } = jest.requireMock('../utils/sanitize') as { sanitizeHtml: jest.Mock };

beforeEach(() => sanitizeHtml.mockClear());

/** The page as the renderer wrote it (already sanitised there), hydrated by the app with the same content. */
function renderedPage(serverHtml: string) {
  const container = document.createElement('div');
  container.innerHTML = `<article class="rc-article-body">${serverHtml}</article>`;
  document.body.append(container);
  return container;
}

test('[issue 42.3] a rendered page hydrates its server HTML as the renderer sanitised it, without the sanitiser; later content is sanitised', async () => {
  const container = renderedPage('<p>服务器已净化的正文</p>');
  const serverParagraph = container.querySelector('p')!;
  let setHtml: (html: string) => void = () => {};
  function Page() {
    const [html, set] = useState('<p>服务器已净化的正文</p><img src=x onerror="alert(1)">');
    setHtml = set;
    return <SafeHtml as="article" className="rc-article-body" html={html} />;
  }
  const client = createQueryClient();
  await act(async () => {
    hydrateRoot(
      container,
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
  });
  expect(sanitizeHtml).not.toHaveBeenCalled();
  // The very paragraph the server wrote: nothing was written again.
  expect(serverParagraph.isConnected).toBe(true);
  expect(container.innerHTML).toBe('<article class="rc-article-body"><p>服务器已净化的正文</p></article>');

  // Content that arrives after hydration goes through the sanitiser (loaded by now) before it is shown.
  await act(async () => setHtml('<p>新的正文</p><script>alert(1)</script>'));
  expect(sanitizeHtml).toHaveBeenCalledWith('<p>新的正文</p><script>alert(1)</script>');
  expect(container.innerHTML).toBe('<article class="rc-article-body"><p>净化后:新的正文alert(1)</p></article>');
  container.remove();
});

// A guard of the sanitiser loaded on demand (the code before this change sanitised at once, and passes it too).
test('[issue 42.3] a page the browser renders shows server HTML only once sanitised, never before', async () => {
  const seen: string[] = [];
  const view = render(<SafeHtml html='<p>客户端的正文</p><img src=x onerror="alert(1)">' />);
  seen.push(view.container.innerHTML);
  await act(async () => {});
  seen.push(view.container.innerHTML);
  expect(seen.every((h) => !h.includes('onerror'))).toBe(true);
  expect(view.container.innerHTML).toBe('<div><p>净化后:客户端的正文</p></div>');
  expect(sanitizeHtml.mock.calls.at(-1)?.[0]).toBe('<p>客户端的正文</p><img src=x onerror="alert(1)">');
});
