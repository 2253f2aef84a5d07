/** The index's key of an address (`/newsDetail?id=3`), or null for an address with more than one query parameter. */
export function pageKey(url: string): string | null;
/** The rendered file of an address (`pages/newsDetail/id-3.html`); throws for one the renderer does not write. */
export function fileFor(url: string): string;
/** The file of a path's not-found page (`pages/404.html`, `pages/newsDetail/not-found.html`). */
export function notFoundFileFor(pathname: string): string;
/** The same rule as the nginx maps `$site_page_key`, `$site_rendered_suffix` and `$site_not_found_file`. */
export function nginxMaps(): string;
