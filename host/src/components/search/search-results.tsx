import type { MouseEvent, ReactNode } from 'react';
import type { ArticleSearchResult, TextRange } from '@site/contract';
import { formatDate } from '@site/ui';

/**
 * A text with the given ranges marked (`<mark>`): the search's terms in a result's title or excerpt.
 * The text is the server's plain text and React writes it as text; ranges out of order, overlapping or outside the
 * text are skipped, so a bad answer can cost a mark, never the text.
 */
export function MarkedText({ text, ranges }: { text: string; ranges?: readonly TextRange[] }) {
  const out: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges ?? []) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < at || end <= start || end > text.length) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
}

/** A plain left click (no modifier, main button): the app navigates itself; anything else is the browser's. */
export const appClick = (e: MouseEvent) => !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0);

interface ItemProps {
  item: ArticleSearchResult;
  /** Where choosing it goes (the spec's table). */
  href: string;
  /** The searchable channel's title (产品中心, 解决方案, 服务支持, 新闻资讯). */
  channelTitle?: string;
  onChoose: () => void;
}

/** One result: its title (terms marked) as the link, its channel, its date, and the excerpt with the terms marked. */
export function SearchResultItem({ item, href, channelTitle, onChoose }: ItemProps) {
  const own = item.channel?.name?.trim();
  const channel = [channelTitle, own && own !== channelTitle ? own : ''].filter(Boolean).join(' · ') || own || '';
  return (
    <li className="search-results__item">
      <div className="search-results__head">
        <a
          href={href}
          onClick={(e) => {
            if (!appClick(e)) return;
            e.preventDefault();
            onChoose();
          }}
        >
          <MarkedText text={item.title} ranges={item.titleMatches} />
        </a>
        <time dateTime={item.publishDate}>{formatDate(item.publishDate, 'YYYY-MM-DD')}</time>
      </div>
      {channel && <span className="search-results__channel">{channel}</span>}
      {item.excerpt && (
        <p className="search-results__excerpt">
          <MarkedText text={item.excerpt} ranges={item.excerptMatches} />
        </p>
      )}
    </li>
  );
}

interface SummaryProps {
  total: number;
  /** The text asked for. */
  asked: string;
  /** The text whose results show, when the server replaced the text asked for. */
  corrected?: string;
  /** The address of the text asked for, as typed (never corrected). */
  askedHref: string;
  onAsked: () => void;
  /** When no result holds every term: the terms the results hold, and those they do not. */
  partial?: { held: string[]; missing: string[] };
}

const quoted = (terms: string[]) => terms.map((t) => `“${t}”`).join('、');

/**
 * 共 N 条结果; when the text was replaced: 已为您显示“…”的结果 with a link to the text as typed; when only partial matches
 * exist: which terms the results hold and which they do not.
 */
export function SearchSummary({ total, asked, corrected, askedHref, onAsked, partial }: SummaryProps) {
  return (
    <div className="search-summary">
      {partial && total > 0 && (
        <p className="search-summary__partial" data-testid="search-partial">
          没有同时包含全部关键词的内容，以下结果包含{quoted(partial.held)}，不含{quoted(partial.missing)}
        </p>
      )}
      {corrected !== undefined && (
        <p className="search-summary__corrected" data-testid="search-corrected">
          已为您显示“{corrected}”的结果，
          <a
            href={askedHref}
            onClick={(e) => {
              if (!appClick(e)) return;
              e.preventDefault();
              onAsked();
            }}
          >
            仍然搜索“{asked}”
          </a>
        </p>
      )}
      {total > 0 && <p className="search-summary__count">共 {total} 条结果</p>}
    </div>
  );
}
