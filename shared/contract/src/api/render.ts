/** Render feed: the API server records what published content changed; the page renderer drains it (`services/api-server/src/routes/render.ts`). */

/**
 * One change the page renderer hears of: a row of the API's render outbox, written in the same transaction as the
 * content write (so a change that is committed is always in the feed, and a write that fails leaves none). The server
 * records what was written, whatever the visibility (a draft saved is an `article` change too); the renderer decides
 * which pages to render again.
 */
export type ContentChange =
  /**
   * An article created, edited, deleted, published, withdrawn, pinned or reordered. `channelId` is the channel it is
   * in (a deleted one: the channel it was in); an edit that moves it records two changes, the old channel and the new.
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

/*
 * The API's internal render routes (never proxied by the host origin; each needs the header `x-render-token` with
 * SITE_RENDER_HOOK_TOKEN, and they exist only when it is set):
 * - `POST /internal/render/poll` RenderPollBody -> 200 RenderPoll (the lease taken or renewed, then the pending
 *   changes, held up to `wait` seconds, never past a third of the lease, until one exists) | 409 RenderPoll (`held`
 *   false, no changes: another renderer holds the lease, or the grant `token` names is no longer the current one).
 *   The holder's one request per turn while idle: its renewal and its read of the feed;
 * - `POST /internal/render/lease` RenderLeaseBody -> 200 RenderLease (taken or renewed) | 409 RenderLease (another
 *   renderer holds it until `expiresAt`, or the grant `token` names is no longer the current one): the holder's
 *   renewals during a run;
 * - `POST /internal/render/release` RenderLeaseBody -> 200 `{ released: boolean }`;
 * - `GET /internal/render/changes?after=<id>&wait=<seconds>&limit=<n>` -> 200 RenderChanges (held up to `wait` seconds
 *   until a change after `after` exists; no lease: a renderer from before the poll reads it so);
 * - `POST /internal/render/ack` RenderAckBody -> 200 `{ acked: number }` | 409 when the caller does not hold the lease
 *   under the grant `token` (lapsed, released, taken by another or taken again since).
 */

/**
 * Where the page renderer sends its page reads: `GET /internal/render/reads/api/article/7` is `GET /api/article/7`,
 * the same answer, but the API serves these a few at a time (its lease and feed routes never wait behind them). No
 * token: they read only what anyone may read. Whatever the API gives the renderer's origin, the renderer adds this.
 */
export const RENDER_READS_PATH = '/internal/render/reads';

/**
 * Who asks for (or gives up) the render lease: a renderer's id, stable for its process. `token` (a renewal): renew
 * only that grant (RenderLease.token), refused (409) when it is no longer the current one, so a renderer that lost the
 * lease is never handed it back under a grant it did not hold; absent or 0: take it, or renew whatever this holder
 * holds.
 */
export interface RenderLeaseBody {
  holder: string;
  token?: number;
}

/** The holder's turn: its lease renewed (under `token`, as RenderLeaseBody), then the changes after `after`. */
export interface RenderPollBody extends RenderLeaseBody {
  /** The longest the answer waits for a change (s); the server holds it at most a third of the lease. */
  wait?: number;
  after?: number;
  limit?: number;
}

/**
 * The answer to a poll: the lease as it stands after the renewal (`held` false: not renewed, nothing read), and the
 * pending changes when held.
 */
export interface RenderPoll extends RenderChanges {
  held: boolean;
  lease: RenderLease;
}

/**
 * How long a take or renewal of the render lease lasts when the API's SITE_RENDER_LEASE_MS is not set (ms). A standby
 * (or a renderer started again: a new holder) takes over this long after the dead holder's last renewal, plus the
 * ask's margin: 3 s keeps a standby's takeover under the 5 s target by default. Shorter costs a holder more renewals and stops
 * a run of a holder starved of CPU for a third of it (the next holder renders it again).
 */
export const DEFAULT_RENDER_LEASE_MS = 3000;

/** The render lease: who holds it and until when; `leaseMs` is how long a take or renewal lasts. */
export interface RenderLease {
  holder: string;
  expiresAt: string;
  leaseMs: number;
  /**
   * The grant's fencing token: the same for every renewal of one grant, larger for each later grant (kept in the
   * database, so it only grows). What a renderer does under a grant (its acknowledgements) carries it.
   */
  token: number;
}

/** One change not yet rendered, `id` in the order the writes committed their rows. */
export interface RenderOutboxEntry {
  id: number;
  change: ContentChange;
  createdAt: string;
}

/** The pending changes after `after`, oldest first; `more`: there are more than `limit`. */
export interface RenderChanges {
  changes: RenderOutboxEntry[];
  more: boolean;
}

/** The changes whose pages are written: their rows are deleted. */
export interface RenderAckBody {
  holder: string;
  /** The token of the grant the changes were rendered under (RenderLease.token). */
  token: number;
  ids: number[];
}
