import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { getBlocks } from '@site/api-client';
import { BLOCK_IDS, COMPANY_NAME, SEARCHABLE_CHANNEL_IDS, TOP_NAV, type BlockItem, type Channel } from '@site/contract';
import { useData, channelsQuery, companyQuery, type Query } from '@site/ui';
import { callOptions, renderSettingsOf } from '@site/ui/render';

/**
 * Server data the shell needs on every page (company, navigation channels), each asked once per page load through
 * the page's query cache; the header and footer render at once with fallbacks and fill in when the answers arrive.
 */
export interface Company {
  title: string;
  image: string | null;
}

/** The company call's answer as the shell shows it: the first item's title (or the name from the spec) and logo. */
export function toCompany(items: BlockItem[] | undefined): Company {
  const first = Array.isArray(items) ? items[0] : undefined;
  return { title: first?.title?.trim() || COMPANY_NAME, image: first?.image || null };
}

/** The footer's link columns (FOOT-2..5), each from its block. */
export const FOOTER_COLUMNS = [
  { key: 'product', blockId: BLOCK_IDS.product, title: '产品中心' },
  { key: 'application', blockId: BLOCK_IDS.application, title: '应用领域' },
  { key: 'about', blockId: BLOCK_IDS.about, title: '关于我们' },
  { key: 'news', blockId: BLOCK_IDS.news, title: '新闻中心' },
] as const;

const BLOCKS = [...FOOTER_COLUMNS.map((c) => c.blockId), BLOCK_IDS.contact, BLOCK_IDS.companyLogo, BLOCK_IDS.copyright];

type Blocks = Partial<Record<number, BlockItem[]>>;

/** All footer blocks in one call, once per page load; a failed call leaves the footer's blocks empty. */
export const footerBlocksQuery = (): Query<Blocks> => ({
  queryKey: ['footer-blocks', BLOCKS],
  queryFn: ({ client }) =>
    getBlocks(BLOCKS, ...callOptions(client))
      .then((items) => {
        const blocks: Blocks = Object.fromEntries(BLOCKS.map((id) => [id, []]));
        for (const item of Array.isArray(items) ? items : []) blocks[item.blockId]?.push(item);
        return blocks;
      })
      .catch(() => ({})),
  staleTime: Infinity,
});

const shellQueries = () => [companyQuery(), channelsQuery({ isNav: true }), footerBlocksQuery()] as const;

/**
 * The shell's data, loaded for every rendered page by the renderer (server.tsx) with the page's own. Within a render
 * run (`settings.run`) it is read once: the first page that got all of it whole keeps it for the others (a failed
 * call, or the footer's empty answer for one, is never kept: the next page asks again).
 */
export async function loadShellData(client: QueryClient): Promise<void> {
  const run = renderSettingsOf(client)?.run;
  if (run?.shell) {
    hydrate(client, run.shell);
    return;
  }
  const queries = shellQueries();
  await Promise.all(queries.map((q) => client.prefetchQuery(q as Query<unknown>)));
  if (!run) return;
  const footer = client.getQueryData<Blocks>(footerBlocksQuery().queryKey);
  if (queries.every((q) => client.getQueryState(q.queryKey)?.status === 'success') && footer && Object.keys(footer).length > 0) {
    const keys = new Set(queries.map((q) => JSON.stringify(q.queryKey)));
    run.shell = dehydrate(client, { shouldDehydrateQuery: (q) => keys.has(JSON.stringify(q.queryKey)) });
  }
}

/** Fallback labels so the site still navigates when the channel call fails. */
export const NAV_FALLBACK_TITLES: Record<(typeof TOP_NAV)[number]['filePath'], string> = {
  'home/index': '首页',
  'product/index': '产品中心',
  'solution/index': '解决方案',
  'support/index': '服务支持',
  'about/index': '关于我们',
  'news/index': '新闻中心',
  'about/contact': '联系我们',
};

export const SEARCH_FALLBACK_TITLES: Record<number, string> = { 14: '产品中心', 10: '解决方案', 11: '服务支持', 12: '新闻中心' };

function flatten(list: Channel[]): Channel[] {
  return list.flatMap((c) => [c, ...flatten(Array.isArray(c.children) ? c.children : [])]);
}

export interface NavEntry {
  path: string;
  title: string;
  filePath: string;
}

/** The seven entries in TOP_NAV order, titles from the channel matched by `customs.filePath` (NAV-1..3). */
export function buildNavEntries(channels: Channel[] | null): NavEntry[] {
  const all = channels ? flatten(channels) : [];
  return TOP_NAV.map(({ filePath, path }) => {
    const channel = all.find((c) => c.customs?.filePath === filePath);
    const title = (channel?.title || channel?.name || '').trim() || NAV_FALLBACK_TITLES[filePath];
    return { path, filePath, title };
  });
}

/** Titles of the searchable channels (SRCH-2), from the channel list, in the spec's order. */
export function buildSearchChannels(channels: Channel[] | null): { id: number; title: string }[] {
  const all = channels ? flatten(channels) : [];
  return SEARCHABLE_CHANNEL_IDS.map((id) => {
    const c = all.find((ch) => ch.id === id);
    return { id, title: (c?.title || c?.name || '').trim() || SEARCH_FALLBACK_TITLES[id] };
  });
}

/** null while loading; the company name from the spec when the call failed. */
export function useCompany(): Company | null {
  const { data, loading } = useData(companyQuery());
  return loading ? null : toCompany(data);
}

/** undefined while loading, null when the call failed (the header then uses its plain labels). */
export function useNavChannels(): Channel[] | null | undefined {
  const { data, loading } = useData(channelsQuery({ isNav: true }));
  return loading ? undefined : Array.isArray(data) ? data : null;
}
