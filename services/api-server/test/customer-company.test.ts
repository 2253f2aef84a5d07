/**
 * Issue 34.5: customers belong to a company and use products. Staff with customer rights set a customer account's
 * company (an existing one or a new one by name) and the company's products with their versions; the workbench shows
 * them and lists the documents of those products first; 留言板 says which messages came from a customer and which
 * company.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { CustomerProductOption, CustomerUnit, MessageBoardEntry, SiteCustomer, WorkbenchAccount, WorkbenchDocument } from '@site/contract';
import { rows } from '../src/db/index.js';
import { documentsFor } from '../src/routes/workbench.js';
import { freshPhone, req, sendSms, suiteServer } from './helpers.js';

const s = suiteServer({ signIn: ['admin', 'editor'] });

const DIAG = '配电网故障智能诊断系统';
const RISK = '电网运行风险预警平台';

async function register(name: string): Promise<{ token: string; userId: number }> {
  const phone = freshPhone();
  const code = await sendSms(s.app, phone, 'register');
  const reg = await req(s.app, { method: 'POST', url: `/bus/customer/create?phone=${phone}&name=${encodeURIComponent(name)}&code=${code}` });
  assert.equal(reg.body.code, 200, JSON.stringify(reg.body));
  const [u] = await rows<{ user_id: number }>(s.app.ctx.db, sql`SELECT user_id FROM sys_user WHERE phonenumber = ${phone}`);
  return { token: reg.body.token, userId: u.user_id };
}
const get = async <T>(url: string, token: string): Promise<T> => {
  const r = await req(s.app, { method: 'GET', url, token });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data as T;
};
const setCompany = (userId: number, token: string, payload: Record<string, unknown>) =>
  req(s.app, { method: 'PUT', url: `/system/customer/${userId}/company`, token, payload });
const productId = async (title: string) => {
  const options = await get<CustomerProductOption[]>('/system/customer/productOptions', s.token.admin);
  const p = options.find((o) => o.title === title);
  assert.ok(p, `${title} in ${options.map((o) => o.title).join()}`);
  return p.id;
};
const audit = (target: number) =>
  rows<{ action: string; summary: string; user_name: string; after: Record<string, unknown> | null }>(
    s.app.ctx.db,
    sql`SELECT action, summary, user_name, after FROM audit_log WHERE resource = 'customer' AND target_id = ${String(target)} ORDER BY id`,
  );

describe('[issue 34.5] customers belong to a company and use products', () => {
  test('[issue 34.5] staff with customer rights set a new company and the products with versions; without them it is refused and logged', async () => {
    const { token, userId } = await register('赵工');
    const diag = await productId(DIAG);
    const risk = await productId(RISK);
    const body = {
      customerName: '  东部某市供电公司  ',
      products: [
        { articleId: diag, version: 'V2.7.0' },
        { articleId: risk, version: 'V3.3 SP1' },
      ],
    };
    // 内容编辑 holds no customer right; a customer holds none either: refused, and in 操作日志.
    for (const t of [s.token.editor, token]) {
      const refused = await setCompany(userId, t, body);
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.equal(refused.body.msg, '您没有客户管理权限，不能设置客户的单位与产品');
    }
    const refusals = (await audit(userId)).filter((a) => a.action === 'refused');
    assert.equal(refusals.length, 2);
    assert.equal(refusals[0].user_name, 'editor');
    assert.match(refusals[0].summary, /设置客户单位与产品：赵工/);
    const registered = await get<SiteCustomer>(`/system/customer/${userId}`, s.token.admin);
    assert.deepEqual([registered.customerName, registered.products], ['', []], 'nothing changed');

    // Validation: a version is required and one line; a product at most once; products need a company.
    const bad = [
      [{ customerName: 'X', products: [{ articleId: diag, version: ' ' }] }, '请填写产品版本'],
      [{ customerName: 'X', products: [{ articleId: diag, version: 'V1<script>' }] }, '产品版本只能包含文字、数字、空格和 . _ - + ( )'],
      [{ customerName: 'X', products: [{ articleId: diag, version: 'x'.repeat(33) }] }, '产品版本不能超过32个字符'],
      [
        {
          customerName: 'X',
          products: [
            { articleId: diag, version: '1' },
            { articleId: diag, version: '2' },
          ],
        },
        '同一产品只能添加一次',
      ],
      [{ products: [{ articleId: diag, version: '1' }] }, '请先选择或填写客户单位，产品属于单位'],
      [{ customerName: 'X', products: [{ articleId: 999999, version: '1' }] }, '所选产品不在产品中心'],
    ] as const;
    for (const [payload, msg] of bad) {
      const r = await setCompany(userId, s.token.admin, payload);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.match(r.body.msg, new RegExp(msg.replace(/[.()+*?<>]/g, '\\$&')));
    }

    const ok = await setCompany(userId, s.token.admin, body);
    assert.equal(ok.body.code, 200, JSON.stringify(ok.body));
    const c = await get<SiteCustomer>(`/system/customer/${userId}`, s.token.admin);
    assert.equal(c.customerName, '东部某市供电公司');
    assert.equal(c.customerId, registered.customerId, 'the registration’s own row is named: its contact stays');
    assert.deepEqual(c.products, [
      { articleId: diag, title: DIAG, version: 'V2.7.0' },
      { articleId: risk, title: RISK, version: 'V3.3 SP1' },
    ]);
    const edit = (await audit(userId)).filter((a) => a.action === 'edit');
    assert.equal(edit.length, 1);
    assert.match(edit[0].summary, /东部某市供电公司/);
    assert.match(edit[0].summary, /配电网故障智能诊断系统 V2\.7\.0/);

    // The company is one to pick from now; naming it again picks the same row, never a second one.
    const units = await get<CustomerUnit[]>(`/system/customer/units?keyword=${encodeURIComponent('东部某市')}`, s.token.admin);
    assert.deepEqual(
      units.map((u) => u.name),
      ['东部某市供电公司'],
    );
    const colleague = await register('钱工');
    assert.equal((await setCompany(colleague.userId, s.token.admin, { customerName: '东部某市供电公司', products: body.products })).body.code, 200);
    assert.equal((await get<SiteCustomer>(`/system/customer/${colleague.userId}`, s.token.admin)).customerId, units[0].id);
    assert.equal(
      (await get<CustomerUnit[]>(`/system/customer/units?keyword=${encodeURIComponent('东部某市')}`, s.token.admin)).length,
      1,
      'no second company of the same name',
    );
    // The list says the company and its products too.
    const list = await req(s.app, { method: 'GET', url: `/system/customer/list?keyword=${encodeURIComponent('东部某市')}`, token: s.token.admin });
    assert.equal(list.body.total, 2);
    assert.equal(list.body.rows[0].products.length, 2);

    // The workbench of the customer answers them; the first product is the one of the single fields.
    const a = await get<WorkbenchAccount>('/system/workbench/account', token);
    assert.equal(a.customer?.name, '东部某市供电公司');
    assert.equal(a.customer?.contactName, '赵工');
    assert.deepEqual(
      a.products.map((p) => [p.title, p.version]),
      [
        [DIAG, 'V2.7.0'],
        [RISK, 'V3.3 SP1'],
      ],
    );
    assert.equal(a.productName, DIAG);
    assert.equal(a.productVersion, 'V2.7.0');
    assert.equal(a.productArticleId, diag);
  });

  test('[issue 34.5] an existing company is picked by id; products replaced; a company and products are taken away again', async () => {
    const { token, userId } = await register('孙工');
    const [unit] = await get<CustomerUnit[]>(`/system/customer/units?keyword=${encodeURIComponent('南方某市供电局')}`, s.token.admin);
    const diag = await productId(DIAG);
    assert.equal(
      (await setCompany(userId, s.token.admin, { customerId: unit.id, products: [{ articleId: diag, version: 'V2.6.2' }] })).body.code,
      200,
    );
    const a = await get<WorkbenchAccount>('/system/workbench/account', token);
    assert.equal(a.customer?.name, '南方某市供电局');
    assert.deepEqual(a.products, [{ articleId: diag, title: DIAG, version: 'V2.6.2' }]);
    // A company unknown is refused; no company: the account belongs to none, its workbench says so.
    assert.equal((await setCompany(userId, s.token.admin, { customerId: 999999, products: [] })).status, 400);
    assert.equal((await setCompany(userId, s.token.admin, { customerId: null, products: [] })).body.code, 200);
    const none = await get<WorkbenchAccount>('/system/workbench/account', token);
    assert.equal(none.customer, null);
    assert.deepEqual(none.products, []);
    assert.deepEqual(await get<WorkbenchDocument[]>('/system/workbench/documents', token), []);
  });

  test('[issue 34.5] the workbench lists the documents of the customer’s products first: by title, by tag or SEO keyword', async () => {
    // A document that does not repeat the product's name in its title but is tagged with it, older than every other.
    const old = new Date('2020-01-01T00:00:00Z');
    const [tagged] = await rows<{ id: number }>(
      s.app.ctx.db,
      sql`INSERT INTO article (channel_id, title, status, tags, publish_date, customs)
          VALUES (15, '现场巡检快速指南', 0, ${JSON.stringify([RISK])}::jsonb, ${old}, '{"docType":"操作指南"}'::jsonb) RETURNING id`,
    );
    const [keyworded] = await rows<{ id: number }>(
      s.app.ctx.db,
      sql`INSERT INTO article (channel_id, title, status, seo_keywords, publish_date)
          VALUES (15, '接口对接说明', 0, ${`${DIAG},接口`}, ${old}) RETURNING id`,
    );
    const { token, userId } = await register('周工');
    const risk = await productId(RISK);
    assert.equal(
      (await setCompany(userId, s.token.admin, { customerName: '西部某省电力调度中心', products: [{ articleId: risk, version: 'V3.2.0' }] })).body
        .code,
      200,
    );
    const docs = await get<WorkbenchDocument[]>('/system/workbench/documents', token);
    const titles = docs.map((d) => d.title);
    assert.ok(titles[0].startsWith(RISK), `the product's own documents first: ${titles.join()}`);
    const at = titles.indexOf('现场巡检快速指南');
    assert.ok(at > 0, `the tagged document is the product's: ${titles.join()}`);
    // Every document before it is the product's; the general ones come after.
    assert.ok(
      titles.slice(0, at).every((t) => t.startsWith(RISK)),
      titles.join(),
    );
    assert.ok(titles.includes('产品软件运行环境要求清单'), 'general documents after');
    assert.ok(at < titles.indexOf('产品软件运行环境要求清单'));
    assert.ok(!titles.includes('接口对接说明'), 'another product’s document (by SEO keyword) is left out');
    assert.equal(docs[at].id, tagged.id);
    // The rule itself, for two products in order.
    const list = [{ title: '运维规范' }, { title: 'B手册' }, { title: '对接说明', tags: ['A平台'] }, { title: '说明', seoKeywords: 'B系统' }];
    assert.deepEqual(
      documentsFor(list, ['B系统', 'A平台'], ['A平台', 'B系统']).map((d) => d.title),
      ['B手册', '说明', '对接说明', '运维规范'],
    );
    assert.ok(keyworded.id);
  });

  test('[issue 34.5] 留言板 says which messages came from a customer account and which company', async () => {
    const { token, userId } = await register('吴工');
    assert.equal((await setCompany(userId, s.token.admin, { customerName: '北方某热电厂', products: [] })).body.code, 200);
    const posted = await req(s.app, {
      method: 'POST',
      url: '/system/message-board/mine',
      token,
      payload: { title: '巡检报告导出', text: '导出缺少签名栏' },
    });
    assert.equal(posted.body.code, 200, JSON.stringify(posted.body));
    const unlinked = await register('郑工');
    assert.equal(
      (
        await req(s.app, {
          method: 'POST',
          url: '/system/message-board/mine',
          token: unlinked.token,
          payload: { title: '无单位的留言', text: '你好' },
        })
      ).body.code,
      200,
    );
    const staff = await req(s.app, {
      method: 'POST',
      url: '/system/message-board/mine',
      token: s.token.editor,
      payload: { title: '员工留言', text: '内部测试' },
    });
    assert.equal(staff.body.code, 200);
    const list = await req(s.app, { method: 'GET', url: '/system/message-board/list?pageSize=50', token: s.token.editor });
    const rowsOf = list.body.rows as MessageBoardEntry[];
    const by = (title: string) => rowsOf.find((r) => r.title === title)!;
    assert.deepEqual(by('巡检报告导出').customer, { userId, nickName: '吴工', companyName: '北方某热电厂' });
    assert.deepEqual(by('无单位的留言').customer, { userId: unlinked.userId, nickName: '郑工', companyName: '' });
    assert.equal(by('员工留言').customer, null, 'staff are no customers');
  });
});

describe('[issue 45.3] a product’s version is picked from the versions the site knows', () => {
  const WIND = '新能源场站功率预测与风险评估系统';
  const versionsOf = async (title: string) => {
    const p = (await get<CustomerProductOption[]>('/system/customer/productOptions', s.token.admin)).find((o) => o.title === title);
    assert.ok(p, title);
    return p.versions;
  };

  test('[issue 45.3] productOptions gives each product its known versions, newest first: the article’s stated one, the companies’ recorded ones', async () => {
    // The product centre states V2.8.0 (customs.version); the seeded company that runs it stored V1.8.3 with it.
    assert.deepEqual(await versionsOf(WIND), ['V2.8.0', 'V1.8.3']);
    const { userId } = await register('钱工');
    const wind = await productId(WIND);
    const saved = await setCompany(userId, s.token.admin, { customerName: '西部某风电场', products: [{ articleId: wind, version: 'V2.10.1' }] });
    assert.equal(saved.body.code, 200, JSON.stringify(saved.body));
    // Recorded for a company, it is known from now on; 2.10 is newer than 2.8.
    assert.deepEqual(await versionsOf(WIND), ['V2.10.1', 'V2.8.0', 'V1.8.3']);
    // Still only for staff who may set a customer's products.
    assert.equal((await req(s.app, { method: 'GET', url: '/system/customer/productOptions', token: s.token.editor })).status, 403);
  });
});
