import { getChannels, getCompany } from '@site/api-client';
import { COMPANY_NAME, SEARCHABLE_CHANNEL_IDS, TOP_NAV, type BlockItem, type Channel } from '@site/contract';
import { setCompanyTitle, useAsync } from '@site/ui';

/**
 * Server data the shell needs on every page (company, navigation channels), each loaded once per page load and
 * in parallel; the header and footer render at once with fallbacks and fill in when the answers arrive.
 */
export interface Company {
  title: string;
  image: string | null;
}

let companyPromise: Promise<Company> | null = null;
let navPromise: Promise<Channel[] | null> | null = null;

export function loadCompany(): Promise<Company> {
  return (companyPromise ??= getCompany()
    .then((items: BlockItem[]) => {
      const first = Array.isArray(items) ? items[0] : undefined;
      const company = { title: first?.title?.trim() || COMPANY_NAME, image: first?.image || null };
      setCompanyTitle(company.title);
      return company;
    })
    .catch(() => ({ title: COMPANY_NAME, image: null })));
}

/** `GET /api/channel?isNav=true`; null when the call failed (the header then uses its plain labels). */
export function loadNavChannels(): Promise<Channel[] | null> {
  return (navPromise ??= getChannels({ isNav: true })
    .then((list) => (Array.isArray(list) ? list : null))
    .catch(() => null));
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

/** null while loading. Through useAsync: a page rendered ahead of time has it in its HTML and data. */
export function useCompany(): Company | null {
  return useAsync(loadCompany, []).data ?? null;
}

/** undefined while loading, null when the call failed. */
export function useNavChannels(): Channel[] | null | undefined {
  const { data, loading } = useAsync(loadNavChannels, []);
  return loading ? undefined : data;
}

/** For tests. */
export function resetSiteDataForTests(): void {
  companyPromise = null;
  navPromise = null;
}
