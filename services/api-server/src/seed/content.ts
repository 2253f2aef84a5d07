/**
 * Seed content of a believable Chinese power-technology / risk-control software vendor, assembled from the data in
 * services/api-server/seed-data (read and checked by seed/data.ts): the articles with their fixed ids (footer links
 * point at them), the media each one needs (logos and icons drawn at start by seed/media.ts; the pictures drawn by
 * seed/media.ts and seed/screens.ts and committed as WebP by tools/make-media.ts; the other committed assets), and the
 * other tables' rows as seed/index.ts and seed/accounts.ts write them.
 */
import { CHANNEL_IDS, COMPANY_NAME } from '@site/contract';
import {
  blockData,
  channelData,
  companyArticles,
  configData,
  customerData,
  dictionaryData,
  docDefs,
  faqDefs,
  fill,
  images,
  menuData,
  newsDefs,
  noticeData,
  productDefs,
  releaseNotes,
  roleData,
  solutionDefs,
  testAccounts,
  videoDefs,
} from './data.js';
import { ASSET_MANIFEST } from './media.js';
import type { SceneKind, ScreenSpec } from './screens.js';

export { CONTACT } from './data.js';

const C = CHANNEL_IDS;

export type SeedChannel = (typeof channelData)[number];
export const channels: SeedChannel[] = channelData;

export interface SeedArticle {
  id: number;
  channelId: number;
  title: string;
  subtitle?: string;
  description: string;
  image?: string;
  video?: string;
  file?: string;
  fileName?: string;
  author?: string;
  source?: string;
  /** Days before the seed date. */
  daysAgo: number;
  text: string;
  customs?: Record<string, unknown>;
}

export interface MediaSpec {
  kind: 'cover' | 'logo' | 'logo-light' | 'icon' | 'screen' | 'scene' | 'text' | 'asset';
  rel: string;
  title?: string;
  subtitle?: string;
  hue?: number;
  motif?: number;
  w?: number;
  h?: number;
  text?: string;
  asset?: string;
  screen?: ScreenSpec;
  scene?: SceneKind;
}

/** Every seeded file, in the order it is written. */
export const media: MediaSpec[] = [...images.logos];
const screen = (rel: string, spec: ScreenSpec) => {
  media.push({ kind: 'screen', rel, screen: spec });
  return `/files/${rel}`;
};
/** A file generated once by services/api-server/tools/make-media.ts and committed under services/api-server/assets (see media.json). */
const asset = (rel: string) => {
  media.push({ kind: 'asset', rel, asset: rel });
  return `/files/${rel}`;
};
// Channel banners: a picture only; the channel's name and subtitle are shown over it as text (it may be cropped).
media.push(...images.channelBanners);

// ---------------------------------------------------------------------------------------------
// Products (seed-data/articles/products.json; images: the product's own screens)
// ---------------------------------------------------------------------------------------------
export const articles: SeedArticle[] = [];
const productImages = productDefs.map((p, i) => ({
  image: screen(`images/product-${i + 1}.webp`, p.screen),
  detail: screen(`images/product-${i + 1}-detail.webp`, p.detail),
}));
productDefs.forEach((p, i) => {
  const { image, detail } = productImages[i];
  articles.push({
    id: 101 + i,
    channelId: p.cat,
    title: p.title,
    subtitle: p.sub,
    description: p.desc,
    image,
    author: '产品部',
    source: COMPANY_NAME,
    daysAgo: p.daysAgo,
    text: fill(p.body, { image, detail }),
    customs: { features: p.features.map(([k, v]) => ({ title: k, description: v })), scenarios: p.scenarios, version: p.version, categoryId: p.cat },
  });
});

// ---------------------------------------------------------------------------------------------
// Solutions (seed-data/articles/solutions.json)
// ---------------------------------------------------------------------------------------------
solutionDefs.forEach((s, i) => {
  const image = screen(`images/solution-${i + 1}.webp`, s.screen);
  articles.push({
    id: 201 + i,
    channelId: C.solution,
    title: s.title,
    subtitle: s.sub,
    description: s.desc,
    image,
    author: '解决方案部',
    source: COMPANY_NAME,
    daysAgo: s.daysAgo,
    text: fill(s.body, { image }),
    customs: { advantages: s.advantages },
  });
});

// ---------------------------------------------------------------------------------------------
// News (seed-data/articles/news.json), spread over the two years before the seed date
// ---------------------------------------------------------------------------------------------
newsDefs.forEach((n, i) => {
  let image: string;
  if ('product' in n.cover) image = productImages[n.cover.product].image;
  else {
    const rel = `images/news-${i + 1}.webp`;
    media.push({ kind: 'scene', rel, scene: n.cover.scene, title: n.cover.label, hue: 200 + ((i * 37) % 140) });
    image = `/files/${rel}`;
  }
  const industry = n.kind === '行业动态';
  articles.push({
    id: 301 + i,
    channelId: C.news,
    title: n.title,
    description: n.desc,
    image,
    author: industry ? '市场部' : '品牌部',
    source: industry ? '行业资讯' : COMPANY_NAME,
    daysAgo: n.daysAgo,
    text: fill(n.body, { image }),
    customs: { category: n.kind },
  });
});

// ---------------------------------------------------------------------------------------------
// Documents (seed-data/articles/documents.json; the PDFs are committed assets with their measured page counts)
// ---------------------------------------------------------------------------------------------
docDefs.forEach((d, i) => {
  const pdf = d.file.endsWith('.pdf');
  const rel = `docs/${d.file}`;
  if (pdf) asset(rel);
  else media.push({ kind: 'text', rel, text: releaseNotes });
  const pages = ASSET_MANIFEST[rel]?.pages;
  articles.push({
    id: 401 + i,
    channelId: C.document,
    title: d.title,
    description: d.desc,
    file: `/files/${rel}`,
    fileName: `${d.title.replace(/\s+/g, '')}${pdf ? '.pdf' : '.txt'}`,
    image: undefined,
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: d.daysAgo,
    text: `${d.body}${pages ? `<p>PDF 文档，共 ${pages} 页。</p>` : ''}`,
    customs: { fileType: pdf ? 'PDF' : 'TXT', docType: d.kind, ...(pages ? { pages } : {}) },
  });
});

// ---------------------------------------------------------------------------------------------
// FAQs (seed-data/articles/faqs.json)
// ---------------------------------------------------------------------------------------------
faqDefs.forEach((f, i) => {
  articles.push({
    id: 501 + i,
    channelId: C.question,
    title: f.q,
    description: f.desc,
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: 9 + i * 44,
    text: f.body,
    customs: {},
  });
});

// ---------------------------------------------------------------------------------------------
// Videos (seed-data/articles/videos.json; committed MP4/WebM with their measured durations)
// ---------------------------------------------------------------------------------------------
/** "38 秒" / "1 分 05 秒". */
export const durationText = (s: number) => {
  const r = Math.round(s);
  return r < 60 ? `${r} 秒` : `${Math.floor(r / 60)} 分 ${String(r % 60).padStart(2, '0')} 秒`;
};
videoDefs.forEach((v, i) => {
  const mp4 = asset(`videos/${v.slug}.mp4`);
  const webmRel = `videos/${v.slug}.webm`;
  const webm = ASSET_MANIFEST[webmRel] ? asset(webmRel) : undefined;
  const poster = asset(`videos/${v.slug}.jpg`);
  const duration = ASSET_MANIFEST[`videos/${v.slug}.mp4`].duration!;
  articles.push({
    id: 601 + i,
    channelId: C.video,
    title: v.title,
    description: v.desc,
    image: poster,
    video: mp4,
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: v.daysAgo,
    text: fill(v.body, { duration: durationText(duration) }),
    customs: { duration: Math.round(duration), ...(webm ? { videoWebm: webm } : {}), poster },
  });
});

// ---------------------------------------------------------------------------------------------
// About, contact and careers (seed-data/articles/company.json)
// ---------------------------------------------------------------------------------------------
media.push(images.aboutCover);
articles.push(...companyArticles);

// ---------------------------------------------------------------------------------------------
// Blocks (seed-data/blocks.json), the home banners' pictures and the icons (seed-data/images.json)
// ---------------------------------------------------------------------------------------------
export type SeedBlockItem = (typeof blockData)[number];
export const blockItems: SeedBlockItem[] = blockData;
media.push(...images.homeBanners, ...images.icons);

// ---------------------------------------------------------------------------------------------
// Notices, dictionary, configs, customers, roles, users, menus
// ---------------------------------------------------------------------------------------------
export const notices = noticeData;
export const dictData = dictionaryData;
export const configs: [string, string, string][] = configData.map((c) => [c.key, c.name, c.value]);
/** productName/productVersion: what the customer runs (011_workbench.sql gives an older database the same). */
export const customers = customerData;
export const roles = roleData;
/**
 * The test accounts, created only with SITE_TEST_ACCOUNTS=1 (seed/accounts.ts); no other start knows these passwords.
 * customerIndex: index in customers.
 */
export const testUsers = testAccounts.users;
/**
 * Messages the test customers wrote while signed in, with the staff's answers where there is one (their workbench). Created with the test accounts only (seed/accounts.ts).
 */
export const testCustomerMessages = testAccounts.messages;
/** RuoYi menus: type M = directory, C = page, L = external link (stored as C with is_frame), F = an action of a page. */
const pageMenus = menuData.menus;
/** The pages' actions as menu rows, so ticking a page in 角色管理 (which ticks its actions) gives a role that works. */
const actionMenus = menuData.pageActions.flatMap((p) =>
  p.actions.map(([action, menuName], i) => ({
    menuId: p.first + i,
    parentId: p.page,
    menuName,
    routeName: '',
    path: '',
    component: null,
    perms: `${p.resource}:${action}`,
    icon: '#',
    menuType: 'F' as const,
    orderNum: i + 1,
  })),
);
export const menus = [...pageMenus, ...actionMenus];

/** A role's menus: its pages, and the actions of those pages its permissions grant. */
function withActions(roleKey: string, pages: number[]): number[] {
  const perms = roles.find((r) => r.roleKey === roleKey)?.perms ?? [];
  return [...pages, ...actionMenus.filter((m) => pages.includes(m.parentId) && perms.includes(m.perms)).map((m) => m.menuId)];
}

export const roleMenus: Record<string, number[]> = {
  admin: menus.map((m) => m.menuId),
  ...Object.fromEntries(Object.entries(menuData.roleMenus).map(([role, pages]) => [role, withActions(role, pages)])),
};
