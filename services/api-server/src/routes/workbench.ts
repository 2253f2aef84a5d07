/**
 * The signed-in user's own workbench data (issue 19): their customer and the product version they run, the
 * customer-service address of the support link, and the document centre's files for their product. Any signed-in
 * user reads their own; nobody reads another's (there is no id in these calls). What the account does not hold is
 * answered empty, never filled from the site (issue 27.9): a customer without a product has no version and no
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
import { channelWithDescendants, loadChannels } from './content.js';

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

/**
 * The documents a customer of `productName` needs: those about their product first, then the general ones (that
 * name no product of the product centre); another product's manuals are left out. No product known: none (the
 * workbench says so and links the public document centre).
 */
export function documentsFor<D extends { title: string }>(docs: D[], productName: string, allProducts: string[]): D[] {
  const mine = productStem(productName);
  if (!mine) return [];
  const stems = allProducts.map(productStem).filter(Boolean);
  const about = (d: D, stem: string) => d.title.includes(stem);
  const own = docs.filter((d) => about(d, mine));
  const general = docs.filter((d) => !about(d, mine) && !stems.some((s) => about(d, s)));
  return [...own, ...general];
}

export default async function workbenchRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  const customerOf = async (customerId: number | null) => {
    if (!customerId) return null;
    const [c] = await db.select().from(t.customer).where(eq(t.customer.id, customerId));
    return c ?? null;
  };
  const productArticles = async () => {
    const channels = channelWithDescendants(await loadChannels(ctx), CHANNEL_IDS.product);
    return db
      .select({ id: t.article.id, title: t.article.title })
      .from(t.article)
      .where(and(eq(t.article.status, 0), inArray(t.article.channelId, channels)));
  };

  app.get('/system/workbench/account', { onRequest: needUser(db) }, async (req) => {
    const u = caller(req);
    const c = await customerOf(u.customerId);
    const productName = c?.productName ?? '';
    const article = productName ? (await productArticles()).find((p) => p.title === productName) : undefined;
    const data: WorkbenchAccount = {
      customer: c ? { id: c.id, name: c.name, contactName: c.contactName } : null,
      productName,
      // The site's version describes the staff's own installation; a customer's is only the one stored for them.
      productVersion: isStaff(u) ? c?.productVersion || (await configValue(ctx, PRODUCT_VERSION_KEY)) : (c?.productVersion ?? ''),
      productArticleId: article?.id ?? null,
      supportUrl: await supportUrl(ctx),
    };
    return { code: 200, msg: OK, data };
  });

  app.get('/system/workbench/documents', { onRequest: needUser(db) }, async (req) => {
    const u = caller(req);
    const c = await customerOf(u.customerId);
    if (!c?.productName) return { code: 200, msg: OK, data: [] as WorkbenchDocument[] };
    const channels = channelWithDescendants(await loadChannels(ctx), CHANNEL_IDS.document);
    const docs = await db
      .select({
        id: t.article.id,
        title: t.article.title,
        fileName: t.article.fileName,
        customs: t.article.customs,
        publishDate: t.article.publishDate,
      })
      .from(t.article)
      .where(and(eq(t.article.status, 0), inArray(t.article.channelId, channels)))
      .orderBy(desc(t.article.publishDate), desc(t.article.id));
    const products = (await productArticles()).map((p) => p.title);
    const data: WorkbenchDocument[] = documentsFor(docs, c.productName, products)
      .slice(0, DOCUMENTS_MAX)
      .map((d) => ({
        id: d.id,
        title: d.title,
        fileName: d.fileName,
        docType: typeof d.customs?.docType === 'string' ? d.customs.docType : '',
        publishDate: formatDateTime(d.publishDate),
      }));
    return { code: 200, msg: OK, data };
  });
}
