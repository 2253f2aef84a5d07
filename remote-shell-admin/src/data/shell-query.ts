import { createContext, useCallback, useContext, useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { PageQuery, TableDataInfo } from '@site/contract';
import { CHANGES, type Resource } from './keys';

/** What a write changed: a resource of `CHANGES` (keys.ts), or the query keys themselves. */
export type Changed = Resource | readonly QueryKey[];

/**
 * Where a list page's rows come from (`lists` in data/queries.ts): the key of one page of rows, the API call, and what
 * a write on the page changes. Here, below the list page (list-page/) that reads it, so data/ imports nothing above.
 */
export interface ListSource<T, Q extends PageQuery> {
  key: (query: Q) => readonly unknown[];
  load: (query: Q) => Promise<TableDataInfo<T>>;
  /** What a write on the page changes: a resource of `CHANGES` (data/keys.ts) or its keys. */
  changes: Changed;
}

/**
 * Whether the view around a component is on screen. The multi-tab layout keeps the views of open tabs mounted
 * (keep-alive) and hides all but the active one; `ContentArea` provides `false` for the hidden ones. Outside a view
 * (header, bell) it is `true`.
 */
export const ViewShown = createContext(true);

/**
 * `useQuery` for the shell: every answer is stale at once (staleTime 0), refetched when the browser tab regains the
 * focus, and a hidden tab's queries are not subscribed. So a hidden tab neither refetches nor re-renders while it is hidden, and when it is shown again its
 * queries subscribe and refetch what is stale (TanStack's refetch on mount): the tab shows current data, keeping what
 * it showed until the answer arrives. A key invalidated meanwhile (a write in another tab) is refetched the same way.
 */
export function useShellQuery<TQueryFnData, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const shown = useContext(ViewShown);
  // Back to this browser tab after a while: what is on screen is asked again (staff work in several tabs).
  return useQuery({ staleTime: 0, refetchOnWindowFocus: true, ...options, subscribed: shown && options.subscribed !== false });
}

/** The channel the shell's tabs of one browser tell each other of their writes on. */
export const CHANGES_CHANNEL = 'site-admin-changes';
type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((e: MessageEvent) => void) | null };
const openChannel = (): Channel | null => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANGES_CHANNEL));
/** This page's sending end (the listening one is ChangesFromOtherTabs's own, which hears it too: `from` tells). */
let sender: Channel | null | undefined;
/** A page by its query cache (the host's, one a page): the listener skips what its own page sent. */
const pageIds = new WeakMap<QueryClient, string>();
const pageOf = (client: QueryClient): string => {
  let id = pageIds.get(client);
  if (!id) pageIds.set(client, (id = Math.random().toString(36).slice(2)));
  return id;
};

/**
 * Mounted once by the shell: what another browser tab of the site wrote (an article deleted, a role created) is
 * invalidated here too, so its lists and selects refetch when on screen, as after a write in this tab.
 */
export function ChangesFromOtherTabs({ open = openChannel }: { open?: () => Channel | null }) {
  const client = useQueryClient();
  useEffect(() => {
    const channel = open();
    if (!channel) return;
    channel.onmessage = (e: MessageEvent) => {
      const { roots, from } = (e.data ?? {}) as { roots?: unknown; from?: unknown };
      if (from === pageOf(client) || !Array.isArray(roots)) return;
      for (const queryKey of roots) if (Array.isArray(queryKey)) void client.invalidateQueries({ queryKey: queryKey as QueryKey });
    };
    return () => channel.close();
  }, [client, open]);
  return null;
}

/** For tests: the sending end a test gives (null: none). */
export function setChangesSenderForTests(channel: Channel | null | undefined): void {
  sender = channel;
}

/**
 * After a write: invalidates what a write on these resources changes (`CHANGES` in keys.ts). Queries on screen
 * refetch now; the others when they are shown again. Resolves when the ones on screen have their new answers.
 */
export function useChanged(): (...changed: Changed[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (...changed: Changed[]) => {
      const roots = new Set<QueryKey>(changed.flatMap((c): readonly QueryKey[] => (typeof c === 'string' ? CHANGES[c] : c)));
      // The other tabs of this browser hear of it (ChangesFromOtherTabs) and invalidate the same keys.
      if (sender === undefined) sender = openChannel();
      try {
        sender?.postMessage({ from: pageOf(client), roots: [...roots] });
      } catch {
        /* a key that cannot be cloned is this tab's alone */
      }
      await Promise.all([...roots].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    [client],
  );
}
