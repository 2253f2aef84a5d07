import { act, useEffect, useRef } from 'react';
import { render } from '@testing-library/react';
import { SafeHtml, useSafeHtmlShown } from './SafeHtml';

// The sanitiser's file, as the page loads it; `mockImported` says whether anything asked for it. A file of its own: the
// loaded sanitiser is kept for the rest of the module's life.
let mockImported = false;
jest.mock('../utils/sanitize', () => {
  mockImported = true;
  return { sanitizeHtml: (html: string) => `<p>净化后:${html.replace(/<[^>]+>/g, '')}</p>` };
});

test('[ISSUE-19.links] an anchor is scrolled to once the page’s SafeHtml shows its text, never while it is still empty; a page with no anchor loads nothing for it', async () => {
  const asked: boolean[] = [];
  function NoAnchor() {
    asked.push(useSafeHtmlShown(false));
    return null;
  }
  render(<NoAnchor />);
  await act(async () => {});
  expect(asked.every(Boolean)).toBe(true);
  expect(mockImported).toBe(false);

  // As /about#careers renders in the browser: whenever the page is told "shown", the text above the anchor is there.
  const seen: [boolean, string][] = [];
  function Page() {
    const shown = useSafeHtmlShown(true);
    const body = useRef<HTMLDivElement>(null);
    useEffect(() => void seen.push([shown, body.current!.innerHTML]));
    return (
      <div ref={body}>
        <SafeHtml html="<p>公司简介</p>" />
      </div>
    );
  }
  render(<Page />);
  await act(async () => {});
  expect(seen[0]).toEqual([false, '<div></div>']);
  expect(seen.at(-1)).toEqual([true, '<div><p>净化后:公司简介</p></div>']);
  for (const [shown, html] of seen) if (shown) expect(html).toBe('<div><p>净化后:公司简介</p></div>');
});
