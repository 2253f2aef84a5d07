/** Pieces of the staff lists' search filters (articles, notices, messages, audit trail). */
import { gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** `%text%` for ILIKE with the text's own % _ \ matched literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A `YYYY-MM-DD` query parameter (a day in the site's time zone, Asia/Shanghai). */
export const dayParam = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确`)
    .optional();

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** `column` within the days `begin`..`end`, both inclusive, either open. */
export function withinDays(column: PgColumn, begin: string | undefined, end: string | undefined): SQL[] {
  const parts: SQL[] = [];
  if (begin) parts.push(gte(column, dayStart(begin)));
  if (end) parts.push(lt(column, new Date(dayStart(end).getTime() + 86_400_000)));
  return parts;
}
