/**
 * The signed-in user's own workbench data: their customer and the products they use with their versions
 * (set in 客户管理; routes/customers.ts), the
 * customer-service address of the support link, and the document centre's files for their product. Any signed-in
 * user reads their own; nobody reads another's (there is no id in these calls). What the account does not hold is
 * answered empty, never filled from the site: a customer without a product has no version and no
 * product documents; a customer row without a company has the name ''.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHANNEL_IDS, type WorkbenchAccount, type WorkbenchDocument } from '@site/contract';
import type { AppContext } from '../context.js';
import * as t from '../db/schema.js';
import { caller, isStaff, needUser } from '../lib/auth.js';
import { configValue } from '../lib/config.js';
import { formatDateTime } from '../lib/text.js';
import { channelWithDescendants, isPublic, loadChannels } from './content.js';
import { productArticles, productsOf } from './customers.js';

const OK = '操作成功';
/** Config keys: the site's product version (the fallback) and the stored customer-service address. */
export const PRODUCT_VERSION_KEY = 'site.productVersion';
export const SUPPORT_URL_KEY = 'site.supportUrl';
/** Most documents the workbench lists. */
const DOCUMENTS_MAX = 20;

/** An http(s) address, or '' (a placeholder, a script: URL or garbage is no customer-service page). */
export function httpUrlOrEmpty(value: string | undefined | null): string {
  const v = (value ?? '').trim();
  if (!/^https?:\/\//i.test(v)) return '';
  try {
    new URL(v);
    return v;
  } catch {
    return '';
  }
}

/** The configured customer-service page: SUPPORT_URL of the server's set-up first, else the config key. */
export async function supportUrl(ctx: AppContext): Promise<string> {
  return ctx.config.supportUrl || httpUrlOrEmpty(await configValue(ctx, SUPPORT_URL_KEY));
}

/**
 * The part of a product's name that its documents repeat: '新能源场站功率预测与风险评估系统' is documented as
 * '新能源场站功率预测系统…', '电网运行风险预警平台' as '电网运行风险预警平台产品白皮书'.
 */
export function productStem(name: string): string {
  return name
    .split('与')[0]
    .replace(/(系统|平台|软件|工具)$/, '')
    .trim();
}

/** What a document says of itself that can name a product: its title, its tags and its SEO keywords. */
export interface DocumentNaming {
  title: string;
  tags?: string[] | null;
  seoKeywords?: string | null;
}

/**
 * Whether a document is about the product whose stem is given. Documents and products are both
 * articles with no link between them, so a document belongs to a product when its title names the product (the
 * seeded manuals do) or one of its tags or SEO keywords does (what an editor sets for a document that does not
 * repeat the product's name in its title, e.g. the tag 电网运行风险预警平台).
 */
export function isAbout(d: DocumentNaming, stem: string): boolean {
  if (!stem) return false;
  return d.title.includes(stem) || (d.tags ?? []).some((t) => t.includes(stem)) || (d.seoKeywords ?? '').includes(stem);
}

/**
 * The documents a customer using `productNames` needs: those about their products first (in the order of their
 * products), then the general ones (that name no product of the product centre); another product's manuals are
 * left out. No product known: none (the workbench says so and links the public document centre).
 */
export function documentsFor<D extends DocumentNaming>(docs: D[], productNames: string | string[], allProducts: string[]): D[] {
  const mine = (Array.isArray(productNames) ? productNames : [productNames]).map(productStem).filter(Boolean);
  if (!mine.length) return [];
  const stems = allProducts.map(productStem).filter(Boolean);
  const own = mine.flatMap((stem) => docs.filter((d) => isAbout(d, stem)));
  const general = docs.filter((d) => !mine.some((stem) => isAbout(d, stem)) && !stems.some((s) => isAbout(d, s)));
  return [...new Set(own), ...general];
}

/** Which of `productNames` a document is about (the first, in the customer's order), or '' for a general document. */
export function productOfDocument(d: DocumentNaming, productNames: string[]): string {
  return productNames.find((name) => isAbout(d, productStem(name))) ?? '';
}

export default async function workbenchRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const customerOf = async (customerId: number | null) => {
    if (!customerId) return null;
    const [c] = await db.select().from(t.customer).where(eq(t.customer.id, customerId));
    return c ?? null;
  };
  /** The products of the account's company ([] without a company). */
  const productsOfCompany = async (customerId: number | null) => (customerId ? ((await productsOf(ctx, [customerId])).get(customerId) ?? []) : []);

  app.get('/system/workbench/account', { onRequest: needUser(db) }, async (req) => {
    const u = caller(req);
    const c = await customerOf(u.customerId);
    const products = c ? await productsOfCompany(c.id) : [];
    const first = products[0];
    const data: WorkbenchAccount = {
      customer: c ? { id: c.id, name: c.name, contactName: c.contactName } : null,
      products,
      productName: first?.title ?? '',
      // The site's version describes the staff's own installation; a customer's is only the one stored for them.
      productVersion: isStaff(u) ? first?.version || (await configValue(ctx, PRODUCT_VERSION_KEY)) : (first?.version ?? ''),
      productArticleId: first?.articleId ?? null,
      supportUrl: await supportUrl(ctx),
    };
    return { code: 200, msg: OK, data };
  });

  app.get('/system/workbench/documents', { onRequest: needUser(db) }, async (req) => {
    const u = caller(req);
    const products = await productsOfCompany(u.customerId);
    if (!products.length) return { code: 200, msg: OK, data: [] as WorkbenchDocument[] };
    const channels = channelWithDescendants(await loadChannels(ctx), CHANNEL_IDS.document);
    const docs = await db
      .select({
        id: t.article.id,
        title: t.article.title,
        tags: t.article.tags,
        seoKeywords: t.article.seoKeywords,
        fileName: t.article.fileName,
        customs: t.article.customs,
        publishDate: t.article.publishDate,
      })
      .from(t.article)
      .where(and(isPublic, inArray(t.article.channelId, channels)))
      .orderBy(desc(t.article.publishDate), desc(t.article.id));
    const all = (await productArticles(ctx)).map((p) => p.title);
    const mine = products.map((p) => p.title);
    const data: WorkbenchDocument[] = documentsFor(docs, mine, all)
      .slice(0, DOCUMENTS_MAX)
      .map((d) => ({
        id: d.id,
        title: d.title,
        fileName: d.fileName,
        docType: typeof d.customs?.docType === 'string' ? d.customs.docType : '',
        product: productOfDocument(d, mine),
        publishDate: formatDateTime(d.publishDate),
      }));
    return { code: 200, msg: OK, data };
  });
}
