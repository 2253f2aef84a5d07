/**
 * Which pages a change re-renders, and only those:
 * - an article: its own page, and every page that lists or neighbours its channel (the old and the new one);
 * - a block shown by the header or footer on every page (the company, the footer's columns, contact, logo,
 *   copyright): every page; another block: the pages that show it;
 * - a channel (the header's navigation is built from the channel list) or a site-wide setting: every page;
 * - a remote published or rolled back: every page (`{all}`: each page names the whole remotes file);
 * - a canary opened or ended: no live page (`{canary}`: the live remotes file stays as it is during a canary, and
 *   only the canary's variant of its remote's pages names the canary, canary.ts).
 */
import { BLOCK_IDS, type ContentChange } from '@site/contract';
import type { RenderedEntry } from './output';

/** Blocks the host's header and footer show on every page. */
export const SHELL_BLOCKS: readonly number[] = [
  BLOCK_IDS.company,
  BLOCK_IDS.product,
  BLOCK_IDS.application,
  BLOCK_IDS.about,
  BLOCK_IDS.news,
  BLOCK_IDS.contact,
  BLOCK_IDS.companyLogo,
  BLOCK_IDS.copyright,
];

/**
 * `{all}`: every page; `first` names remotes whose pages go before the others (a release of theirs just published:
 * worker.ts runOrder). `{changes}`: the pages the content changes touch. `{canary}`: a canary opened, changed or
 * ended: no live page, only the canary's variant (canary.ts renderCanaryVariant).
 */
export type Scope = { all: true; first?: readonly string[] } | { changes: readonly ContentChange[] } | { canary: true };

export interface PlannedRoute extends Pick<RenderedEntry, 'channels' | 'articleId' | 'blocks' | 'lastModified' | 'canonical'> {
  url: string;
  remote: string;
}

/** Does a change touch what this page shows? */
export function shows(route: Pick<PlannedRoute, 'channels' | 'articleId' | 'blocks'>, change: ContentChange): boolean {
  switch (change.kind) {
    case 'article':
      return route.articleId === change.id || (change.channelId !== null && (route.channels ?? []).includes(change.channelId));
    case 'block':
      return SHELL_BLOCKS.includes(change.blockId) || (route.blocks ?? []).includes(change.blockId);
    case 'channel':
    case 'site':
      return true;
  }
}

/**
 * The URLs to render for `scope`: the current routes it touches, plus any route that is new (a just-published
 * article). `previous` is what the last run rendered; routes gone from `current` are removed by the caller.
 */
export function plan(scope: Scope, current: readonly PlannedRoute[], previous: Record<string, RenderedEntry>): PlannedRoute[] {
  if ('all' in scope) return [...current];
  if ('canary' in scope) return [];
  return current.filter((r) => {
    if (!previous[r.url]) return true;
    // The page as it was rendered (an article that left its channel is still listed there until re-rendered).
    const before = previous[r.url];
    return scope.changes.some((c) => shows(r, c) || shows(before, c));
  });
}

/** Does the scope change what every page shows around its content (the header and footer)? The not-found pages show only that. */
export function touchesShell(scope: Scope): boolean {
  return 'all' in scope || ('changes' in scope && scope.changes.some((c) => shows({}, c)));
}
