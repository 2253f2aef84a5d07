import type { FieldErrorKind } from '@site/contract';

/** FIELD_LIMITS of @site/contract (errors, message, errorCount), as plain numbers: this module is in the entry chunk. */
const LIMITS = { errors: 20, message: 300, errorCount: 1000 };

/**
 * The failures of this page view, kept in memory until the visit's exit record carries them: no request
 * of its own. Plain code without imports of the app: the remote loader, the error boundary and the entry chunk note
 * failures here; services/field.ts adds where they happened and reads them at pagehide.
 */
export interface NotedError {
  kind: FieldErrorKind;
  message: string;
  /** The remote it belongs to when the noter knows it (a remote that failed to load). */
  remote?: string;
  /** Where it happened (pathname at the time). */
  path: string;
  count: number;
}

const noted: NotedError[] = [];

/** Notes one failure; the same kind, message and place again only counts up. At most LIMITS.errors kept. */
export function noteFieldError(kind: FieldErrorKind, message: unknown, remote?: string): void {
  const text = String(message ?? '').slice(0, LIMITS.message) || '(无信息)';
  const path = typeof location === 'undefined' ? '/' : location.pathname;
  const same = noted.find((e) => e.kind === kind && e.message === text && e.path === path && e.remote === remote);
  if (same) same.count = Math.min(LIMITS.errorCount, same.count + 1);
  else if (noted.length < LIMITS.errors) noted.push({ kind, message: text, remote, path, count: 1 });
}

export function notedFieldErrors(): readonly NotedError[] {
  return noted;
}

/** For tests only. */
export function clearFieldErrorsForTests(): void {
  noted.length = 0;
}
