import { useEffect } from 'react';
import { COMPANY_NAME } from '@site/contract';

/**
 * Page title (SPEC section 1): "<route or menu title> - <company title>"; the home page shows the company alone.
 * The host sets the route's title on every navigation; a detail page may refine it with its article's title
 * through `setPageTitle`, which the host keeps for that location (also when the company title arrives later).
 */
export function formatPageTitle(part: string | null | undefined, company: string | null | undefined): string {
  const c = company?.trim() || COMPANY_NAME;
  const p = part?.trim();
  return p ? `${p} - ${c}` : c;
}

interface TitleState {
  company: string;
  /** A refined title for one location (pathname + search). */
  override: { location: string; part: string } | null;
}
const KEY = '__SITE_PAGE_TITLE__';
function state(): TitleState {
  const g = globalThis as unknown as Record<string, TitleState | undefined>;
  return (g[KEY] ??= { company: COMPANY_NAME, override: null });
}
function currentLocation(): string {
  return typeof location === 'undefined' ? '' : location.pathname + location.search;
}

export function setCompanyTitle(company: string): void {
  if (company?.trim()) state().company = company.trim();
}
/** For detail pages: show "<part> - <company>" on the current location. */
export function setPageTitle(part: string): void {
  state().override = { location: currentLocation(), part };
  if (typeof document !== 'undefined') document.title = formatPageTitle(part, state().company);
}
/** The refined title of this location, if a page set one. */
export function pageTitleOverride(location: string): string | undefined {
  const o = state().override;
  return o && o.location === location ? o.part : undefined;
}

/**
 * TITLE-1 for a page that knows its own title once loaded (a detail page: its article's title; an admin page: its
 * menu title): "<part> - <company>" while the page shows that location. Nothing happens while `part` is empty.
 */
export function usePageTitle(part: string | null | undefined): void {
  const key = typeof location === 'undefined' ? '' : location.pathname + location.search;
  useEffect(() => {
    if (part?.trim()) setPageTitle(part.trim());
  }, [part, key]);
}
