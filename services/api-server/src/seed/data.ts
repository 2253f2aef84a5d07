/**
 * The seed content is data, kept as JSON under services/api-server/seed-data/; this module reads it once, checks
 * every file against its zod schema (a malformed file stops the start with the file and the field named) and
 * hands typed values to the seeding code (content.ts assembles them, index.ts and accounts.ts write them).
 *
 * Conventions of the files:
 * - Channels and blocks are named by their key in CHANNEL_IDS / BLOCK_IDS (@site/contract), never by number.
 * - `{{companyName}}` (COMPANY_NAME) and `{{contact.<field>}}` (contact.json) are filled in every string at load.
 * - Article bodies name what the seeding code supplies: `{{image}}` and `{{detail}}` (the article's drawn screens),
 *   `{{duration}}` (a video's measured length); content.ts fills them with fill().
 * - A long HTML body may be written as an array of lines; they are joined with "\n".
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ACTION_NAMES, BLOCK_IDS, CHANNEL_IDS, COMPANY_NAME } from '@site/contract';

export const SEED_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seed-data');

/** Placeholders the seeding code fills per article (left in place by the load-time fill). */
const LATE = new Set(['image', 'detail', 'duration']);
const PLACEHOLDER = /\{\{([\w.]+)\}\}/g;

/** Replaces `{{name}}` with vars[name]; a name without a value is an error (a typo in the data). */
export function fill(template: string, vars: Record<string, string>, keep: Set<string> = new Set()): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (name in vars) return vars[name];
    if (keep.has(name)) return whole;
    throw new Error(`unknown placeholder ${whole}`);
  });
}

function fillDeep(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return fill(value, vars, LATE);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, vars)]));
  return value;
}

function check<S extends z.ZodType>(file: string, schema: S, value: unknown): z.output<S> {
  const res = schema.safeParse(value);
  if (!res.success) throw new Error(`seed-data/${file}: ${z.prettifyError(res.error)}`);
  return res.data;
}

// ---- schemas

const channelKeys = Object.keys(CHANNEL_IDS) as [keyof typeof CHANNEL_IDS, ...(keyof typeof CHANNEL_IDS)[]];
const blockKeys = Object.keys(BLOCK_IDS) as [keyof typeof BLOCK_IDS, ...(keyof typeof BLOCK_IDS)[]];
const channelId = z.enum(channelKeys).transform((k) => CHANNEL_IDS[k] as number);
const blockId = z.enum(blockKeys).transform((k) => BLOCK_IDS[k] as number);
/** HTML: one string, or its lines. */
const html = z.union([z.string(), z.array(z.string()).transform((lines) => lines.join('\n'))]);
const tone = z.enum(['ok', 'warn', 'bad', 'info']);
const row = z.tuple([z.string(), z.string(), tone]);
const region = z.enum(['kpi', 'main', 'side', 'menu']);
const sceneKind = z.enum(['conference', 'policy', 'award', 'grid', 'lab', 'shield', 'city']);
const screenSpec = z.strictObject({
  app: z.string(),
  menu: z.array(z.string()),
  active: z.number().int().optional(),
  kpis: z.array(row),
  main: z.enum(['map', 'line', 'bars', 'topology', 'steps', 'gantt', 'feeder', 'wave', 'heat', 'forecast']),
  mainTitle: z.string(),
  side: z.enum(['alarms', 'table', 'donut']),
  sideTitle: z.string(),
  rows: z.array(row),
});

const contactSchema = z.strictObject({
  hotline: z.string(),
  phone: z.string(),
  email: z.string(),
  salesEmail: z.string(),
  address: z.string(),
  zip: z.string(),
  icp: z.string(),
});

/**
 * How a channel and a block item are shown alike (the same columns of both tables): an image, a line under the title
 * (a channel's over its banner), a link elsewhere instead of its own page, and whether that opens a new window.
 */
const shownAs = {
  image: z.string().optional(),
  subtitle: z.string().optional(),
  linkUrl: z.string().optional(),
  targetBlank: z.boolean().optional(),
};

const channelSchema = z
  .strictObject({
    channel: channelId,
    parent: channelId.nullable(),
    name: z.string(),
    alias: z.string(),
    url: z.string(),
    nav: z.boolean(),
    allowSearch: z.boolean(),
    filePath: z.string(),
    sort: z.number().int(),
    ...shownAs,
  })
  .transform(({ channel, parent, ...rest }) => ({ id: channel, parentId: parent, ...rest }));

const blockItemSchema = z
  .strictObject({
    block: blockId,
    title: z.string(),
    description: z.string().optional(),
    url: z.string().optional(),
    enabled: z.boolean().optional(),
    ...shownAs,
  })
  .transform(({ block, ...rest }) => ({ blockId: block, ...rest }));

const coverSpec = z.strictObject({
  kind: z.literal('cover'),
  rel: z.string(),
  title: z.string(),
  subtitle: z.string(),
  hue: z.number(),
  motif: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
});
const imagesSchema = z.strictObject({
  logos: z.array(z.strictObject({ kind: z.enum(['logo', 'logo-light']), rel: z.string() })),
  channelBanners: z.array(coverSpec),
  aboutCover: coverSpec,
  homeBanners: z.array(coverSpec),
  icons: z.array(z.strictObject({ kind: z.literal('icon'), rel: z.string(), title: z.string(), hue: z.number() })),
});

const noticeSchema = z.strictObject({
  title: z.string(),
  type: z.enum(['1', '2', '3']),
  content: z.string(),
  status: z.enum(['0', '1']).optional(),
  daysAgo: z.number(),
  by: z.string(),
});
const dictSchema = z.strictObject({
  dictType: z.string(),
  dictLabel: z.string(),
  dictValue: z.string(),
  dictSort: z.number().int(),
  listClass: z.string(),
  isDefault: z.enum(['Y', 'N']),
});
const configSchema = z.strictObject({ key: z.string(), name: z.string(), value: z.string() });
const customerSchema = z.strictObject({
  name: z.string(),
  contactName: z.string(),
  phone: z.string(),
  industry: z.string(),
  level: z.string(),
  address: z.string(),
  productName: z.string(),
  productVersion: z.string(),
});
const roleSchema = z.strictObject({ roleKey: z.string(), roleName: z.string(), perms: z.array(z.string()) });
const menuSchema = z
  .strictObject({
    menuId: z.number().int(),
    parentId: z.number().int(),
    menuName: z.string(),
    routeName: z.string(),
    path: z.string(),
    component: z.string(),
    perms: z.string().nullable(),
    icon: z.string(),
    /** M = directory, C = page, L = external link (is_frame set); a page's actions (F) are in pageActions. */
    menuType: z.enum(['M', 'C', 'L']),
    orderNum: z.number().int(),
  })
  .transform((m) => ({ ...m, isFrame: m.menuType === 'L' }));
/**
 * The actions of each page (RuoYi's buttons, type F, under their page), ids `first`, `first + 1`, …: exactly what the
 * page's controls and the calls it makes check (migrations/017_page_actions.sql adds the same rows to an older database).
 */
const pageActionsSchema = z.strictObject({
  page: z.number().int(),
  first: z.number().int(),
  resource: z.string(),
  actions: z.array(z.tuple([z.enum(ACTION_NAMES), z.string()])),
});
const menusSchema = z.strictObject({
  menus: z.array(menuSchema),
  pageActions: z.array(pageActionsSchema),
  /** The menus of each role other than admin (admin: every menu). */
  roleMenus: z.record(z.string(), z.array(z.number().int())),
});
const testAccountsSchema = z.strictObject({
  users: z.array(
    z.strictObject({
      userName: z.string(),
      nickName: z.string(),
      password: z.string().nullable(),
      phone: z.string(),
      email: z.string(),
      roles: z.array(z.string()),
      /** Index in customers.json. */
      customerIndex: z.number().int().nullable(),
      deptId: z.number().int().nullable(),
      postIds: z.array(z.number().int()),
    }),
  ),
  messages: z.array(
    z.strictObject({
      userName: z.string(),
      title: z.string(),
      text: z.string(),
      daysAgo: z.number(),
      reply: z.string().nullable(),
      repliedBy: z.string().nullable(),
      repliedDaysAgo: z.number().nullable(),
    }),
  ),
});

const productSchema = z
  .strictObject({
    title: z.string(),
    sub: z.string(),
    hue: z.number(),
    version: z.string(),
    daysAgo: z.number(),
    /** List summary (one or two sentences). */
    desc: z.string(),
    features: z.array(z.tuple([z.string(), z.string()])),
    scenarios: z.array(z.string()),
    screen: screenSpec,
    detail: screenSpec,
    category: channelId,
    /** `{{image}}` = the product's screen, `{{detail}}` = its second screen. */
    body: html,
  })
  .transform(({ category, ...rest }) => ({ cat: category, ...rest }));
const solutionSchema = z.strictObject({
  title: z.string(),
  sub: z.string(),
  hue: z.number(),
  daysAgo: z.number(),
  desc: z.string(),
  advantages: z.array(z.string()),
  screen: screenSpec,
  /** `{{image}}` = the solution's screen. */
  body: html,
});
const newsSchema = z.strictObject({
  title: z.string(),
  kind: z.enum(['公司新闻', '行业动态']),
  daysAgo: z.number(),
  desc: z.string(),
  /** The list image: a product's screen (index in products.json) or a drawn scene. */
  cover: z.union([z.strictObject({ product: z.number().int() }), z.strictObject({ scene: sceneKind, label: z.string() })]),
  /** `{{image}}` = the cover. */
  body: html,
});
const documentsSchema = z.strictObject({
  documents: z.array(
    z.strictObject({
      title: z.string(),
      file: z.string(),
      kind: z.string(),
      /** Index in products.json whose screens illustrate the document, if any. */
      product: z.number().int().nullable(),
      daysAgo: z.number(),
      desc: z.string(),
      body: html,
      /** PDF chapters: [heading, HTML]. Empty for the text file. */
      chapters: z.array(z.tuple([z.string(), z.string()])),
    }),
  ),
  /** The release notes text file, by line (written with CRLF, read by Windows Notepad users too). */
  releaseNotes: z.array(z.string()).transform((lines) => lines.join('\r\n')),
});
const faqSchema = z.strictObject({ q: z.string(), desc: z.string(), body: html });
const videoSchema = z.strictObject({
  title: z.string(),
  slug: z.string(),
  desc: z.string(),
  /** Index in products.json. */
  product: z.number().int(),
  daysAgo: z.number(),
  scenes: z.array(z.strictObject({ shot: z.enum(['screen', 'detail']), focus: region, caption: z.string() })),
  /** `{{duration}}` = the real length, e.g. "38 秒". */
  body: html,
});
const companyArticleSchema = z
  .strictObject({
    id: z.number().int(),
    channel: channelId,
    title: z.string(),
    description: z.string(),
    image: z.string().optional(),
    author: z.string(),
    source: z.string(),
    daysAgo: z.number(),
    text: html,
    customs: z.record(z.string(), z.unknown()),
  })
  .transform(({ id, channel, ...rest }) => ({ id, channelId: channel, ...rest }));

// ---- loading

/** Reads and checks every file of a seed-data folder; the error names the file and the field at fault. */
export function readSeedData(dir: string = SEED_DATA_DIR) {
  const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const contact = check('contact.json', contactSchema, readJson('contact.json'));
  const globals: Record<string, string> = {
    companyName: COMPANY_NAME,
    ...Object.fromEntries(Object.entries(contact).map(([k, v]) => [`contact.${k}`, v])),
  };
  const load = <S extends z.ZodType>(file: string, schema: S): z.output<S> => {
    let value: unknown;
    try {
      value = fillDeep(readJson(file), globals);
    } catch (err) {
      throw new Error(`seed-data/${file}: ${(err as Error).message}`, { cause: err });
    }
    return check(file, schema, value);
  };
  const documents = load('articles/documents.json', documentsSchema);
  return {
    contact,
    channels: load('channels.json', z.array(channelSchema)),
    blocks: load('blocks.json', z.array(blockItemSchema)),
    images: load('images.json', imagesSchema),
    notices: load('notices.json', z.array(noticeSchema)),
    dictionary: load('dictionary.json', z.array(dictSchema)),
    configs: load('configs.json', z.array(configSchema)),
    customers: load('customers.json', z.array(customerSchema)),
    roles: load('roles.json', z.array(roleSchema)),
    menus: load('menus.json', menusSchema),
    testAccounts: load('test-accounts.json', testAccountsSchema),
    products: load('articles/products.json', z.array(productSchema)),
    solutions: load('articles/solutions.json', z.array(solutionSchema)),
    news: load('articles/news.json', z.array(newsSchema)),
    documents: documents.documents,
    releaseNotes: documents.releaseNotes,
    faqs: load('articles/faqs.json', z.array(faqSchema)),
    videos: load('articles/videos.json', z.array(videoSchema)),
    company: load('articles/company.json', z.array(companyArticleSchema)),
  };
}

const data = readSeedData();
export const CONTACT = data.contact;
export const channelData = data.channels;
export const blockData = data.blocks;
export const images = data.images;
export const noticeData = data.notices;
export const dictionaryData = data.dictionary;
export const configData = data.configs;
export const customerData = data.customers;
export const roleData = data.roles;
export const menuData = data.menus;
export const testAccounts = data.testAccounts;
export const productDefs = data.products;
export const solutionDefs = data.solutions;
export const newsDefs = data.news;
export const docDefs = data.documents;
export const releaseNotes = data.releaseNotes;
export const faqDefs = data.faqs;
export const videoDefs = data.videos;
export const companyArticles = data.company;

export type VideoScene = (typeof videoDefs)[number]['scenes'][number];
