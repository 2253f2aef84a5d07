/**
 * The render hook: tells the page renderer (which keeps the public site's static HTML) what published content
 * changed. Off unless SITE_RENDER_HOOK_URL is set. The routes call `notifyContentChange(ctx, change, ...)` after their
 * write committed; the changes of about 50 ms go out as one `POST <url>` with the JSON body `{changes: [...]}`
 * (ContentChangeBatch, each change named once) and, when SITE_RENDER_HOOK_TOKEN is set, the header `x-render-token`.
 * Fire and forget: a request never waits for it and never fails because of it; a batch that fails (no answer within
 * 3 s, a refused connection, a status other than 2xx) is logged once as a warning and dropped, not retried.
 */
import type { ContentChange, ContentChangeBatch } from '@site/contract';
import type { AppContext } from '../context.js';

/** How long changes are gathered before they are sent together. */
export const RENDER_HOOK_DELAY_MS = 50;
/** How long one POST may take. */
export const RENDER_HOOK_TIMEOUT_MS = 3_000;

/** SITE_RENDER_HOOK_URL as a URL: '' (off) when unset or blank; anything but an http(s) address is refused. */
export function renderHookUrl(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new Error(`SITE_RENDER_HOOK_URL is not a URL: ${v}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`SITE_RENDER_HOOK_URL must be an http(s) address: ${v}`);
  return u.toString();
}

/** One key per distinct change: the same change twice in a batch is sent once. */
function changeKey(c: ContentChange): string {
  switch (c.kind) {
    case 'article':
      return `article:${c.id}:${c.channelId ?? ''}`;
    case 'channel':
      return `channel:${c.id}`;
    case 'block':
      return `block:${c.blockId}`;
    case 'site':
      return 'site';
  }
}

export class RenderHook {
  private pending = new Map<string, ContentChange>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending = new Set<Promise<void>>();

  constructor(
    /** '' = off: nothing is queued or sent. */
    readonly url: string,
    private readonly token: string,
    private readonly warn: (message: string) => void,
    private readonly delayMs = RENDER_HOOK_DELAY_MS,
    private readonly timeoutMs = RENDER_HOOK_TIMEOUT_MS,
  ) {}

  get enabled(): boolean {
    return this.url !== '';
  }

  /** Queues the changes; the batch goes out `delayMs` after the first change queued. */
  push(changes: readonly ContentChange[]): void {
    if (!this.enabled || !changes.length) return;
    for (const c of changes) this.pending.set(changeKey(c), c);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      // A pending batch never holds the process open (close() sends it).
      this.timer.unref();
    }
  }

  /** Sends what is queued now; resolves when that POST is done (it never rejects). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.size) return Promise.resolve();
    const batch: ContentChangeBatch = { changes: [...this.pending.values()] };
    this.pending.clear();
    const p = this.send(batch).finally(() => this.sending.delete(p));
    this.sending.add(p);
    return p;
  }

  /** At shutdown: the queued changes are sent, and the POSTs under way finish (each within the timeout). */
  async close(): Promise<void> {
    await this.flush();
    await Promise.all([...this.sending]);
  }

  private async send(batch: ContentChangeBatch): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers['x-render-token'] = this.token;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(batch),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // The answer's body is not needed; reading it to the end frees the connection.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) this.dropped(batch, `HTTP ${res.status}`);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      const reason = e.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message);
      this.dropped(batch, reason);
    }
  }

  private dropped(batch: ContentChangeBatch, reason: string) {
    try {
      // The address without its query string (which might carry a secret).
      const u = new URL(this.url);
      this.warn(`页面渲染通知失败，已丢弃 / render hook failed, dropped: ${batch.changes.length} change(s) to ${u.origin}${u.pathname}: ${reason}`);
    } catch {
      /* a logger that throws must not reach a request either */
    }
  }
}

/**
 * Tells the page renderer what a committed write changed (nothing when SITE_RENDER_HOOK_URL is unset). Call it after
 * the transaction, never inside it: it returns at once and never throws.
 */
export function notifyContentChange(ctx: AppContext, ...changes: ContentChange[]): void {
  try {
    ctx.renderHook.push(changes);
  } catch (err) {
    console.warn('render hook: could not queue a change', err);
  }
}
