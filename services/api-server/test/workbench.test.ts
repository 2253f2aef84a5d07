/**
 * The signed-in customer's workbench (issue 19, "The signed-in customer"): their customer and product version, the
 * configured support address, their product's documents; an older database upgrades to the same data.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { WorkbenchAccount, WorkbenchDocument } from '@site/contract';
import { rows } from '../src/db/index.js';
import { documentsFor, httpUrlOrEmpty, productOfDocument, productStem } from '../src/routes/workbench.js';
import { freshPhone, login, req, sendSms, startTestServer, suiteServer } from './helpers.js';

const s = suiteServer();

const account = async (token: string) => {
  const r = await req(s.app, { method: 'GET', url: '/system/workbench/account', token });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data as WorkbenchAccount;
};
const documents = async (token: string) => {
  const r = await req(s.app, { method: 'GET', url: '/system/workbench/documents', token });
  assert.equal(r.body.code, 200, JSON.stringify(r.body));
  return r.body.data as WorkbenchDocument[];
};

describe('customer workbench', () => {
  test('[ISSUE-19 customer] a signed-in customer reads their own customer, product and product version; no sign-in, no data', async () => {
    assert.equal((await req(s.app, { method: 'GET', url: '/system/workbench/account' })).status, 401);
    const zhang = await login(s.app, '13800138000', 'customer123');
    const a = await account(zhang);
    assert.equal(a.customer?.name, '南方某市供电局');
    assert.equal(a.productName, '配电网故障智能诊断系统');
    assert.equal(a.productVersion, 'V2.6.1');
    assert.ok(a.productArticleId, 'the product centre has the product');
    const liu = await account(await login(s.app, '13800138001', 'customer123'));
    assert.equal(liu.customer?.name, '某新能源发电集团有限公司');
    assert.equal(liu.productVersion, 'V1.8.3');
    // Staff without a customer: no customer, the site's product version.
    const editor = await account(await login(s.app, 'editor', 'editor123'));
    assert.equal(editor.customer, null);
    assert.equal(editor.productVersion, 'V3.2.0');
  });

  test('[ISSUE-19 customer][SUPPORT-1 deviation: no customer-service page by default, see contract README] no customer-service page is configured by default: the address is empty everywhere', async () => {
    const zhang = await login(s.app, '13800138000', 'customer123');
    assert.equal((await account(zhang)).supportUrl, '');
    const key = await req(s.app, { method: 'GET', url: '/system/config/configKey/site.supportUrl' });
    assert.equal(key.body.data, '');
  });

  test('[ISSUE-19 customer] documents: their product’s manuals and the general ones, not another product’s', async () => {
    const zhang = await documents(await login(s.app, '13800138000', 'customer123'));
    const titles = zhang.map((d) => d.title);
    assert.ok(titles.includes('配电网故障智能诊断系统用户手册'), titles.join());
    assert.equal(titles[0], '配电网故障智能诊断系统用户手册', 'their own product first');
    assert.ok(titles.includes('产品软件运行环境要求清单'), 'general documents too');
    assert.ok(!titles.includes('新能源场站功率预测系统操作手册'), 'not another product’s manual');
    assert.ok(!titles.some((t) => t.startsWith('电网运行风险预警平台')));
    const doc = zhang.find((d) => d.title === '配电网故障智能诊断系统用户手册')!;
    assert.equal(doc.docType, '用户手册');
    assert.match(doc.fileName ?? '', /\.pdf$/);
    const liu = (await documents(await login(s.app, '13800138001', 'customer123'))).map((d) => d.title);
    assert.equal(liu[0], '新能源场站功率预测系统操作手册', 'the manual names the product without 与风险评估');
  });

  test('[issue 45.3] each document says which of the customer\u2019s products it is for; a general one names none', async () => {
    const zhang = await documents(await login(s.app, '13800138000', 'customer123'));
    const manual = zhang.find((d) => d.title === '配电网故障智能诊断系统用户手册')!;
    assert.equal(manual.product, '配电网故障智能诊断系统');
    const general = zhang.find((d) => d.title === '产品软件运行环境要求清单')!;
    assert.equal(general.product, '');
    // The customer's product as the product centre names it, not the stem the manual repeats.
    const liu = await documents(await login(s.app, '13800138001', 'customer123'));
    assert.equal(liu.find((d) => d.title === '新能源场站功率预测系统操作手册')?.product, '新能源场站功率预测与风险评估系统');
    assert.equal(productOfDocument({ title: 'B系统手册' }, ['A平台', 'B系统']), 'B系统');
    assert.equal(productOfDocument({ title: '运维规范', tags: ['A平台'] }, ['A平台', 'B系统']), 'A平台');
    assert.equal(productOfDocument({ title: '运维规范' }, ['A平台']), '');
  });

  test('[issue 44.8] a document scheduled for later is not in a customer\u2019s workbench before its publish time, as it is not on the site', async () => {
    const [doc] = await rows<{ id: number }>(s.app.ctx.db, sql`SELECT id FROM article WHERE title = '配电网故障智能诊断系统用户手册'`);
    const zhang = await login(s.app, '13800138000', 'customer123');
    await s.app.ctx.db.execute(sql`UPDATE article SET publish_date = now() + interval '3 days' WHERE id = ${doc.id}`);
    try {
      assert.ok(!(await documents(zhang)).some((d) => d.id === doc.id), 'scheduled: not listed yet');
    } finally {
      await s.app.ctx.db.execute(sql`UPDATE article SET publish_date = now() - interval '1 day' WHERE id = ${doc.id}`);
    }
    assert.ok(
      (await documents(zhang)).some((d) => d.id === doc.id),
      'its time come: listed',
    );
  });

  test('[ISSUE-19 customer] the test customers come with their own messages, one answered by the staff', async () => {
    const zhang = await login(s.app, '13800138000', 'customer123');
    const mine = await req(s.app, { method: 'GET', url: '/system/message-board/mine', token: zhang });
    const answered = mine.body.rows.find((r: { title: string }) => r.title === '故障诊断报告导出缺少录波波形图');
    assert.equal(answered.status, '1');
    assert.match(answered.reply, /V2\.6\.2/);
    assert.ok(answered.repliedAt);
    assert.ok(mine.body.rows.some((r: { status: string; reply: unknown }) => r.status === '0' && r.reply === null));
  });

  test('[ISSUE-19 customer] product stems and the document filter', () => {
    assert.equal(productStem('新能源场站功率预测与风险评估系统'), '新能源场站功率预测');
    assert.equal(productStem('电网运行风险预警平台'), '电网运行风险预警');
    const docs = [{ title: 'A平台手册' }, { title: 'B系统手册' }, { title: '运维规范' }];
    assert.deepEqual(documentsFor(docs, 'B系统', ['A平台', 'B系统']), [{ title: 'B系统手册' }, { title: '运维规范' }]);
    assert.deepEqual(documentsFor(docs, '', ['A平台', 'B系统']), [], 'no product, no product documents (issue 27.9)');
    assert.equal(httpUrlOrEmpty('javascript:alert(1)'), '');
    assert.equal(httpUrlOrEmpty(' https://kf.hdzk-tech.com.cn/chat '), 'https://kf.hdzk-tech.com.cn/chat');
  });

  test('[ISSUE-27.9] a newly registered customer’s workbench holds what the account holds: no company, no product, no version, no documents', async () => {
    const phone = freshPhone();
    const code = await sendSms(s.app, phone, 'register');
    const reg = await req(s.app, { method: 'POST', url: `/bus/customer/create?phone=${phone}&name=${encodeURIComponent('周明')}&code=${code}` });
    assert.equal(reg.body.code, 200, JSON.stringify(reg.body));
    const a = await account(reg.body.token);
    // The registration asked for the person's 姓名: that is the contact, not a company.
    assert.deepEqual(a.customer && { name: a.customer.name, contactName: a.customer.contactName }, { name: '', contactName: '周明' });
    assert.equal(a.productName, '');
    assert.equal(a.productVersion, '', 'not the site’s V3.2.0');
    assert.equal(a.productArticleId, null);
    assert.deepEqual(await documents(reg.body.token), [], 'not the full public list');
    // A customer whose customer row has no version: none, either.
    const zhang = await login(s.app, '13800138000', 'customer123');
    await s.app.ctx.db.execute(sql`UPDATE customer SET product_version = NULL WHERE name = '南方某市供电局'`);
    try {
      assert.equal((await account(zhang)).productVersion, '');
    } finally {
      await s.app.ctx.db.execute(sql`UPDATE customer SET product_version = 'V2.6.1' WHERE name = '南方某市供电局'`);
    }
  });

  test('[ISSUE-27.9] an older database forgets the customer names that were the person’s name (020_message_reply_sms.sql)', async () => {
    const old = await startTestServer();
    try {
      const db = old.app.ctx.db;
      const phone = freshPhone();
      await db.execute(sql`INSERT INTO customer (name, contact_name, phone) VALUES ('吴昊', '吴昊', ${phone})`);
      await db.execute(sql`INSERT INTO sys_user (user_name, nick_name, phonenumber, customer_id)
        SELECT ${phone}, '吴昊', ${phone}, id FROM customer WHERE phone = ${phone}`);
      await db.execute(sql`ALTER TABLE message_board DROP COLUMN reply_sms`);
      await db.execute(sql`DELETE FROM schema_migrations WHERE name = '020_message_reply_sms.sql'`);
      const up = await old.restart();
      const names = await rows<{ name: string; contact_name: string }>(
        up.app.ctx.db,
        sql`SELECT name, contact_name FROM customer WHERE phone = ${phone} OR name = '南方某市供电局' ORDER BY id`,
      );
      assert.deepEqual(
        names.map((c) => [c.name, c.contact_name]),
        [
          ['南方某市供电局', names[0].contact_name],
          ['', '吴昊'],
        ],
      );
      await up.close();
    } catch (e) {
      await old.close().catch(() => {});
      throw e;
    }
  });

  test('[ISSUE-19 customer] SUPPORT_URL configures the support address (config key and workbench answer it)', async () => {
    const other = await startTestServer({ supportUrl: 'https://kf.hdzk-tech.com.cn/chat' });
    try {
      const token = await login(other.app, '13800138000', 'customer123');
      const r = await req(other.app, { method: 'GET', url: '/system/workbench/account', token });
      assert.equal(r.body.data.supportUrl, 'https://kf.hdzk-tech.com.cn/chat');
      const key = await req(other.app, { method: 'GET', url: '/system/config/configKey/site.supportUrl' });
      assert.equal(key.body.data, 'https://kf.hdzk-tech.com.cn/chat');
    } finally {
      await other.close();
    }
  });

  test('[ISSUE-19 customer] a database of the previous version upgrades: product columns filled, the placeholder address dropped', async () => {
    const old = await startTestServer();
    try {
      const db = old.app.ctx.db;
      await db.execute(sql`ALTER TABLE customer DROP COLUMN product_name`);
      await db.execute(sql`ALTER TABLE customer DROP COLUMN product_version`);
      await db.execute(sql`UPDATE sys_config SET config_value = 'https://www.example.com/support' WHERE config_key = 'site.supportUrl'`);
      await db.execute(sql`DELETE FROM schema_migrations WHERE name = '011_workbench.sql'`);
      const up = await old.restart();
      const customers = await rows<{ name: string; product_name: string; product_version: string }>(
        up.app.ctx.db,
        sql`SELECT name, product_name, product_version FROM customer ORDER BY id`,
      );
      assert.deepEqual(
        customers.slice(0, 3).map((c) => [c.name, c.product_name, c.product_version]),
        [
          ['国网华东某省电力有限公司', '电网运行风险预警平台', 'V3.2.0'],
          ['南方某市供电局', '配电网故障智能诊断系统', 'V2.6.1'],
          ['某新能源发电集团有限公司', '新能源场站功率预测与风险评估系统', 'V1.8.3'],
        ],
      );
      const [cfg] = await rows<{ v: string }>(up.app.ctx.db, sql`SELECT config_value AS v FROM sys_config WHERE config_key = 'site.supportUrl'`);
      assert.equal(cfg.v, '');
      await up.close();
    } catch (e) {
      await old.close().catch(() => {});
      throw e;
    }
  });
});
