/**
 * Spreadsheet exports (RuoYi's 导出) as CSV: UTF-8 with a byte-order mark so Excel and WPS open the Chinese text
 * correctly; every cell quoted; a cell starting with = + - @ is prefixed with ' so a spreadsheet never runs it as a
 * formula (CSV injection).
 */
import type { FastifyReply } from 'fastify';
import { formatDate } from './text.js';

const cell = (v: unknown): string => {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
};

export function toCsv(header: string[], rows: unknown[][]): string {
  return `\ufeff${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Sends a CSV as a download named `<name>_<YYYYMMDD>.csv` (the Chinese name encoded per RFC 5987). */
export function sendCsv(reply: FastifyReply, name: string, header: string[], rows: unknown[][]) {
  // The staff member's day (the site's time zone), not UTC's.
  const day = formatDate(new Date()).replace(/-/g, '');
  const file = `${name}_${day}.csv`;
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="export_${day}.csv"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .send(toCsv(header, rows));
}
