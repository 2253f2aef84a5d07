/**
 * 客户管理: the people registered on the site (accounts holding no role). Search, view, disable and
 * enable: a disabled account cannot sign in (login refuses status 1) and its sessions end at once.
 *
 * Company and products: staff holding system:customer:edit set the company an account belongs to (an
 * existing `customer` row, or one named, created when no company has that name) and the products that company uses
 * (articles of the product centre) with the version of each. Products belong to the company: every account of the
 * company sees them. A refusal (no customer rights) is written to 操作日志, as lib/people.ts does for every account act.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHANNEL_IDS,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PRODUCTS_MAX,
  CUSTOMER_VERSION_MAX,
  type CustomerProduct,
  type CustomerProductOption,
  type CustomerUnit,
  type SiteCustomer,
} from '@site/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { accountName, recordAudit } from '../lib/audit.js';
import { caller, hasPermi, needPermi, needUser } from '../lib/auth.js';
import { badRequest, notFound } from '../lib/errors.js';
import { accountFields, guardAccountAct, holdsNoRole, likePattern, refuse, saveStatus, statusAction, statusRoute, userWhere } from '../lib/people.js';
import { formatDateTime } from '../lib/text.js';
import { intId, pageParams } from '../lib/validate.js';
import { channelWithDescendants, loadChannels } from './content.js';
import { claimKey } from '../lib/idempotency.js';

const OK = '操作成功';
const listQuery = pageParams.extend({
  keyword: z.string().trim().max(50, '关键字过长').optional(),
  status: z.enum(['0', '1'], { error: '状态格式不正确' }).optional(),
});
const idParams = z.object({ userId: intId });

const columns = { user: t.sysUser, customerName: t.customer.name };
type Joined = { user: typeof t.sysUser.$inferSelect; customerName: string | null };

function toCustomer(r: Joined, products: CustomerProduct[]): SiteCustomer {
  const u = r.user;
  return {
    ...accountFields(u),
    customerId: u.customerId,
    customerName: r.customerName ?? '',
    products,
    wxBound: !!u.openid,
    createTime: formatDateTime(u.createdAt),
  };
}

/** The product centre's published products (articles of the product channel and its categories), by sort and id. */
export async function productArticles(ctx: AppContext): Promise<Omit<CustomerProductOption, 'versions'>[]> {
  const channels = channelWithDescendants(await loadChannels(ctx), CHANNEL_IDS.product);
  return ctx.db
    .select({ id: t.article.id, title: t.article.title })
    .from(t.article)
    .where(and(eq(t.article.status, 0), inArray(t.article.channelId, channels)))
    .orderBy(asc(t.article.sort), asc(t.article.id));
}

/**
 * The products each company uses (customer_product, in the order staff set them). A company whose products were never
 * set in 客户管理 keeps the one product stored with it (customer.product_name, 011_workbench.sql), matched to the
 * product centre by title.
 */
export async function productsOf(ctx: AppContext, customerIds: (number | null)[]): Promise<Map<number, CustomerProduct[]>> {
  const out = new Map<number, CustomerProduct[]>();
  const ids = [...new Set(customerIds.filter((id): id is number => !!id))];
  if (!ids.length) return out;
  const set = await ctx.db
    .select({
      customerId: t.customerProduct.customerId,
      articleId: t.customerProduct.articleId,
      version: t.customerProduct.version,
      title: t.article.title,
    })
    .from(t.customerProduct)
    .leftJoin(t.article, eq(t.article.id, t.customerProduct.articleId))
    .where(inArray(t.customerProduct.customerId, ids))
    .orderBy(asc(t.customerProduct.sort), asc(t.customerProduct.articleId));
  for (const r of set) {
    // A product article since deleted (回收站) is no product the company can be shown.
    if (r.title === null) continue;
    const list = out.get(r.customerId) ?? [];
    list.push({ articleId: r.articleId, title: r.title, version: r.version });
    out.set(r.customerId, list);
  }
  const withoutSet = ids.filter((id) => !set.some((r) => r.customerId === id));
  if (withoutSet.length) {
    const legacy = await ctx.db
      .select({ id: t.customer.id, productName: t.customer.productName, productVersion: t.customer.productVersion })
      .from(t.customer)
      .where(inArray(t.customer.id, withoutSet));
    const named = legacy.filter((c) => c.productName);
    const articles = named.length ? await productArticles(ctx) : [];
    for (const c of named) {
      const a = articles.find((p) => p.title === c.productName);
      out.set(c.id, [{ articleId: a?.id ?? null, title: c.productName ?? '', version: c.productVersion ?? '' }]);
    }
  }
  return out;
}

async function oneCustomer(ctx: AppContext, userId: number): Promise<SiteCustomer | null> {
  const [r] = await ctx.db
    .select(columns)
    .from(t.sysUser)
    .leftJoin(t.customer, eq(t.customer.id, t.sysUser.customerId))
    .where(userWhere(userId, false));
  if (!r) return null;
  const products = await productsOf(ctx, [r.user.customerId]);
  return toCustomer(r, (r.user.customerId && products.get(r.user.customerId)) || []);
}

/** A product version: free text as the company names it (V3.2.0, 2024 SP1 …), one line of letters, digits and . _ - + ( ). */
const versionText = z
  .string({ error: '请填写产品版本' })
  .trim()
  .min(1, '请填写产品版本')
  .max(CUSTOMER_VERSION_MAX, `产品版本不能超过${CUSTOMER_VERSION_MAX}个字符`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._+()-]*$/u, '产品版本只能包含文字、数字、空格和 . _ - + ( )');

/** Newest first: V4.1.2 before V2.6.1, V3.10 before V3.9, V3.3 SP1 before V3.3. */
const newestFirst = (a: string, b: string) => b.localeCompare(a, 'en', { numeric: true, sensitivity: 'base' }) || (a < b ? 1 : a > b ? -1 : 0);

/**
 * The products to pick from, each with the versions the site knows of it. The data has no list of a product's
 * releases, so the versions are what is stored: the one the product-centre article states (customs.version, from the
 * seed) and those recorded for companies (customer_product, and customer.product_version of a company whose products
 * were never set here, matched by title as productsOf does). Only versions a save would accept (versionText) are
 * offered, so a picked version is never refused.
 */
export async function productOptions(ctx: AppContext): Promise<CustomerProductOption[]> {
  const products = await productArticles(ctx);
  if (!products.length) return [];
  const ids = products.map((p) => p.id);
  const stated = await ctx.db
    .select({ articleId: t.article.id, version: sql<string | null>`${t.article.customs}->>'version'` })
    .from(t.article)
    .where(inArray(t.article.id, ids));
  const recorded = await ctx.db
    .selectDistinct({ articleId: t.customerProduct.articleId, version: t.customerProduct.version })
    .from(t.customerProduct)
    .where(inArray(t.customerProduct.articleId, ids));
  const legacy = await ctx.db
    .selectDistinct({ title: t.customer.productName, version: t.customer.productVersion })
    .from(t.customer)
    .where(
      inArray(
        t.customer.productName,
        products.map((p) => p.title),
      ),
    );
  const found = new Map<number, Set<string>>(ids.map((id) => [id, new Set()]));
  const add = (articleId: number | undefined, version: string | null) => {
    const v = versionText.safeParse(version);
    if (articleId !== undefined && v.success) found.get(articleId)?.add(v.data);
  };
  for (const r of [...stated, ...recorded]) add(r.articleId, r.version);
  for (const r of legacy) add(products.find((p) => p.title === r.title)?.id, r.version);
  return products.map((p) => ({ ...p, versions: [...(found.get(p.id) ?? [])].sort(newestFirst) }));
}

const companyBody = z
  .object({
    customerId: intId.nullable().optional(),
    customerName: z.string({ error: '客户单位格式不正确' }).trim().max(CUSTOMER_NAME_MAX, `客户单位不能超过${CUSTOMER_NAME_MAX}个字符`).optional(),
    products: z
      .array(z.object({ articleId: intId, version: versionText }), { error: '使用产品格式不正确' })
      .max(CUSTOMER_PRODUCTS_MAX, `使用产品最多${CUSTOMER_PRODUCTS_MAX}个`)
      .refine((list) => new Set(list.map((p) => p.articleId)).size === list.length, '同一产品只能添加一次'),
  })
  .refine((b) => !(b.customerId && b.customerName), { message: '请选择已有单位或填写新单位，不能同时', path: ['customerName'] });
/**
 * The customer row a registration made for the account (no company name, the person as its contact) when no other
 * account shares it: a company named for the account becomes that row, so the contact stays with it.
 */
async function ownNamelessRow(db: Db, account: SiteCustomer): Promise<number | null> {
  if (!account.customerId || account.customerName) return null;
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(t.sysUser)
    .where(eq(t.sysUser.customerId, account.customerId));
  return Number(count) === 1 ? account.customerId : null;
}

const unitsQuery = z.object({ keyword: z.string().trim().max(50, '关键字过长').optional() });
const UNITS_MAX = 50;

export default async function customerRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/system/customer/list', { onRequest: needPermi(db, 'system:customer:list'), schema: { querystring: listQuery } }, async (req) => {
    const q = req.query;
    const like = q.keyword ? likePattern(q.keyword) : '';
    const where = and(
      holdsNoRole,
      like
        ? or(ilike(t.sysUser.userName, like), ilike(t.sysUser.nickName, like), ilike(t.sysUser.phonenumber, like), ilike(t.customer.name, like))
        : undefined,
      q.status ? eq(t.sysUser.status, q.status) : undefined,
    );
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.sysUser)
      .leftJoin(t.customer, eq(t.customer.id, t.sysUser.customerId))
      .where(where);
    const list = await db
      .select(columns)
      .from(t.sysUser)
      .leftJoin(t.customer, eq(t.customer.id, t.sysUser.customerId))
      .where(where)
      .orderBy(desc(t.sysUser.userId))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    const products = await productsOf(
      ctx,
      list.map((r) => r.user.customerId),
    );
    return {
      code: 200,
      msg: '查询成功',
      total: Number(count),
      rows: list.map((r) => toCustomer(r, (r.user.customerId && products.get(r.user.customerId)) || [])),
    };
  });

  app.get('/system/customer/:userId', { onRequest: needPermi(db, 'system:customer:get'), schema: { params: idParams } }, async (req) => {
    const c = await oneCustomer(ctx, req.params.userId);
    if (!c) throw notFound('客户不存在');
    return { code: 200, msg: OK, data: c };
  });

  app.put('/system/customer/:userId/status', statusRoute(db, 'system:customer'), async (req) => {
    const u = caller(req);
    const { status } = req.body;
    const before = await oneCustomer(ctx, req.params.userId);
    if (!before) throw notFound('客户不存在');
    // Customer rights decide (a refusal is in 操作日志), the rule every account action follows (lib/people.ts).
    await guardAccountAct(db, req, u, before, status === '0' ? 'enable' : 'disable');
    const action = statusAction(u, 'system:customer', status);
    await db.transaction(async (tx) => {
      await claimKey(tx, req);
      await saveStatus(tx, req, u, { resource: 'customer', action, before, status, after: () => ({ ...before, status }) });
    });
    return { code: 200, msg: OK };
  });

  /** The companies to pick from (by name), for 设置单位与产品. */
  app.get('/system/customer/units', { onRequest: needPermi(db, 'system:customer:edit'), schema: { querystring: unitsQuery } }, async (req) => {
    const k = req.query.keyword;
    const data: CustomerUnit[] = await db
      .select({ id: t.customer.id, name: t.customer.name })
      .from(t.customer)
      // A row without a name (a registration's, before staff name the company) is no company to pick.
      .where(and(sql`${t.customer.name} <> ''`, k ? ilike(t.customer.name, likePattern(k)) : undefined))
      .orderBy(asc(t.customer.name), asc(t.customer.id))
      .limit(UNITS_MAX);
    return { code: 200, msg: OK, data };
  });

  /** The product centre's products to pick from, with the versions known of each. */
  app.get('/system/customer/productOptions', { onRequest: needPermi(db, 'system:customer:edit') }, async () => {
    return { code: 200, msg: OK, data: await productOptions(ctx) };
  });

  /**
   * Sets the account's company and that company's products. Open to every signed-in account so that an attempt
   * without customer rights is refused in 操作日志 (lib/people.ts refuse), not only answered 403; the refusal comes
   * before the body is checked (preValidation), as every other route's 403 does.
   */
  app.put(
    '/system/customer/:userId/company',
    {
      onRequest: needUser(db),
      preValidation: async (req) => {
        const u = caller(req);
        if (hasPermi(u, 'system:customer:edit')) return;
        const userId = idParams.safeParse(req.params).data?.userId;
        const target = userId ? await oneCustomer(ctx, userId) : null;
        await refuse(
          db,
          req,
          u,
          {
            resource: 'customer',
            targetId: userId ?? String((req.params as { userId?: unknown }).userId ?? ''),
            summary: target ? accountName(target) : `用户 ${userId ?? ''}`,
            attempt: '设置客户单位与产品',
          },
          '您没有客户管理权限，不能设置客户的单位与产品',
        );
      },
      schema: { params: idParams, body: companyBody },
    },
    async (req) => {
      const u = caller(req);
      const before = await oneCustomer(ctx, req.params.userId);
      if (!before) throw notFound('客户不存在');
      const b = req.body;
      const name = b.customerName ?? '';
      const unlinked = !b.customerId && !name;
      if (unlinked && b.products.length) throw badRequest('请先选择或填写客户单位，产品属于单位', 'customerName');
      const articles = b.products.length ? await productArticles(ctx) : [];
      const products: CustomerProduct[] = b.products.map((p) => {
        const a = articles.find((x) => x.id === p.articleId);
        if (!a) throw badRequest('所选产品不在产品中心', 'products');
        return { articleId: a.id, title: a.title, version: p.version };
      });
      const after = await db.transaction(async (tx) => {
        await claimKey(tx, req);
        let customerId: number | null = null;
        if (b.customerId) {
          const [c] = await tx.select({ id: t.customer.id, name: t.customer.name }).from(t.customer).where(eq(t.customer.id, b.customerId));
          if (!c?.name) throw badRequest('所选客户单位不存在', 'customerId');
          customerId = c.id;
        } else if (name) {
          const [c] = await tx.select({ id: t.customer.id }).from(t.customer).where(eq(t.customer.name, name)).orderBy(asc(t.customer.id)).limit(1);
          customerId = c?.id ?? (await ownNamelessRow(tx, before)) ?? null;
          // A new company: the account's own row of its registration (no name yet, its contact filled) gets the name.
          if (customerId && !c) await tx.update(t.customer).set({ name }).where(eq(t.customer.id, customerId));
          customerId ??= (await tx.insert(t.customer).values({ name }).returning({ id: t.customer.id }))[0].id;
        }
        await tx.update(t.sysUser).set({ customerId }).where(eq(t.sysUser.userId, before.userId));
        if (customerId) {
          await tx.delete(t.customerProduct).where(eq(t.customerProduct.customerId, customerId));
          if (products.length)
            await tx
              .insert(t.customerProduct)
              .values(products.map((p, i) => ({ customerId: customerId, articleId: p.articleId ?? 0, version: p.version, sort: i })));
          // The first product stays in the company's row, as 011_workbench.sql keeps it.
          await tx
            .update(t.customer)
            .set({ productName: products[0]?.title ?? null, productVersion: products[0]?.version ?? null })
            .where(eq(t.customer.id, customerId));
        }
        const [unit] = customerId ? await tx.select({ name: t.customer.name }).from(t.customer).where(eq(t.customer.id, customerId)) : [];
        const next: SiteCustomer = { ...before, customerId, customerName: unit?.name ?? '', products: customerId ? products : [] };
        await recordAudit(tx, req, u, {
          resource: 'customer',
          action: 'edit',
          targetId: before.userId,
          summary: `${accountName(before)}：单位“${next.customerName || '未关联'}”，产品 ${
            next.products.map((p) => `${p.title} ${p.version}`).join('、') || '无'
          }`,
          before: { customerId: before.customerId, customerName: before.customerName, products: before.products },
          after: { customerId: next.customerId, customerName: next.customerName, products: next.products },
        });
        return next;
      });
      return { code: 200, msg: OK, data: after };
    },
  );
}
