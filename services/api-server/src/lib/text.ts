import { htmlToText } from '@site/contract';

/** Plain text of an HTML fragment (for the search column): the one the detail pages compare by. */
export { htmlToText };

/** An article's search column (article.search_text): its summary, then its body's plain text. */
export const searchText = (description: string | null | undefined, html: string): string => `${description ?? ''}\n${htmlToText(html)}`;

/** `YYYY-MM-DD HH:mm:ss` in the server's configured time zone (TZ, default Asia/Shanghai). */
export function formatDateTime(d: Date | string | null | undefined): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.TZ || 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

export function formatDate(d: Date): string {
  return formatDateTime(d).slice(0, 10);
}

/** Escapes text for HTML. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
