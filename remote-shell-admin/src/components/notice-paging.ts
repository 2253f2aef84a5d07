import { NOTICE, type Notice } from '@site/contract';

/** Paging state of the notice bell's list for the active tab. */
export interface NoticePaging {
  noticeType: string;
  pageNum: number;
  rows: Notice[];
  total: number;
}

export const initialPaging = (noticeType: string = NOTICE.defaultType): NoticePaging => ({ noticeType, pageNum: 1, rows: [], total: 0 });

/** The query of one page (NOTICE-5..8). */
export function noticeQuery(p: Pick<NoticePaging, 'noticeType' | 'pageNum'>) {
  return { pageNum: p.pageNum, pageSize: NOTICE.pageSize, status: NOTICE.status, noticeType: p.noticeType };
}

/** NOTICE-10: the load-more button hides when total is at most page number times page size. */
export function hasMore(p: Pick<NoticePaging, 'total' | 'pageNum'>, pageSize: number = NOTICE.pageSize): boolean {
  return !(p.total <= p.pageNum * pageSize);
}

/** NOTICE-9: a new tab starts again at page 1 with an empty list. */
export function changeTab(_p: NoticePaging, noticeType: string): NoticePaging {
  return initialPaging(noticeType);
}

/** The next page to ask for. */
export function nextPage(p: NoticePaging): NoticePaging {
  return { ...p, pageNum: p.pageNum + 1 };
}

/** A page arrived: page 1 replaces the list, later pages append (skipping rows already shown). */
export function receivePage(p: NoticePaging, pageNum: number, rows: Notice[], total: number): NoticePaging {
  if (pageNum === 1) return { ...p, pageNum, rows, total };
  const seen = new Set(p.rows.map((r) => r.noticeId));
  return { ...p, pageNum, rows: [...p.rows, ...rows.filter((r) => !seen.has(r.noticeId))], total };
}

/**
 * NOTICE-14: titles are cut at 32 characters, a Chinese character counting one (the spec says characters here,
 * not the text-length measure of TEXT-1 where it counts two).
 */
export function noticeTitle(title: string): string {
  const chars = [...title];
  return chars.length > NOTICE.titleMaxLength ? `${chars.slice(0, NOTICE.titleMaxLength).join('')}…` : title;
}
