import type { MouseEvent } from 'react';
import './ui.css';

/**
 * Page numbers to show: the first, the last, and two on each side of the current one; `gap` where pages are left
 * out (so a list of 40 pages is 1 … 5 6 7 8 9 … 40).
 */
export function pageWindow(current: number, pages: number): (number | 'gap')[] {
  // A gap hiding a single page would take as much room as that page: show the page instead.
  const shown = (n: number) => n === 1 || n === pages || Math.abs(n - current) <= 2 || (Math.abs(n - current) === 3 && (n === 2 || n === pages - 1));
  const out: (number | 'gap')[] = [];
  for (let n = 1; n <= pages; n++) {
    if (shown(n)) out.push(n);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

export interface PageLinksProps {
  current: number;
  total: number;
  pageSize: number;
  /** The URL of a page: every page is a real link, so crawlers and "open in new tab" reach it. */
  href: (page: number) => string;
  /** A plain click stays in the app. */
  onChange: (page: number) => void;
  label?: string;
}

/**
 * Pagination without antd (for pages that render without it): 上一页, page links, 下一页. Nothing when everything
 * fits on one page.
 */
export function PageLinks({ current, total, pageSize, href, onChange, label = '分页' }: PageLinksProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const follow = (e: MouseEvent, n: number) => {
    // Modified clicks (new tab, new window) keep the browser's behaviour.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    if (n !== current) onChange(n);
  };
  return (
    <nav aria-label={label}>
      <ul className="site-page-links">
        <li>
          <button type="button" title="上一页" disabled={current <= 1} onClick={() => onChange(current - 1)}>
            上一页
          </button>
        </li>
        {pageWindow(current, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`}>
              <span aria-hidden="true">…</span>
            </li>
          ) : (
            <li key={n}>
              <a href={href(n)} title={String(n)} aria-current={n === current ? 'page' : undefined} onClick={(e) => follow(e, n)}>
                {n}
              </a>
            </li>
          ),
        )}
        <li>
          <button type="button" title="下一页" disabled={current >= pages} onClick={() => onChange(current + 1)}>
            下一页
          </button>
        </li>
      </ul>
    </nav>
  );
}
