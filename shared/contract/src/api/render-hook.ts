/** Render hook: the API server tells the page renderer what published content changed (`services/api-server/src/lib/render-hook.ts`). */

/**
 * One change the page renderer hears of (`POST <SITE_RENDER_HOOK_URL>`, body `ContentChangeBatch`), sent after the
 * write committed. The server sends what was written, whatever the visibility (a draft saved is an `article` change
 * too); the renderer decides which pages to render again.
 */
export type ContentChange =
  /**
   * An article created, edited, deleted, published, withdrawn, pinned or reordered. `channelId` is the channel it is
   * in (a deleted one: the channel it was in); an edit that moves it sends two changes, the old channel and the new.
   */
  | { kind: 'article'; id: number; channelId: number | null }
  /**
   * A channel created, edited (name, nav flag, ...), deleted or reordered. A change to the tree (create, delete, move,
   * reorder) also names the parent channel whose children changed.
   */
  | { kind: 'channel'; id: number }
  /** An item of a content block changed (footer, banners, company info, ...): `blockId` is the block's id (BLOCK_IDS). */
  | { kind: 'block'; blockId: number }
  /** Anything else that changes every page (site configuration shown on the public pages). */
  | { kind: 'site' };

/** The body of the render hook's POST (JSON): the changes of about 50 ms, each named once. */
export interface ContentChangeBatch {
  changes: ContentChange[];
}
