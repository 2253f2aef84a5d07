import { expect, test, type Page } from '@playwright/test';
import { apiLogin, BASE, SEEDED, TEST_SUPPORT_URL } from '../support/site';
import { presetSettings, shellReady, tokenCookie } from './admin-shell-helpers';

/** The side menu shows every group inline, which makes the menu easy to read in full. */
async function openAllGroups(page: Page) {
  const menu = page.locator('.admin-sider .ant-menu');
  for (const title of await menu.locator('.ant-menu-submenu-title').allInnerTexts()) {
    const group = menu.locator('.ant-menu-submenu').filter({ hasText: title.trim() }).first();
    if (!(await group.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await group.locator('.ant-menu-submenu-title').click();
  }
}

async function menuTexts(page: Page): Promise<string[]> {
  await openAllGroups(page);
  return (await page.locator('.admin-sider .ant-menu-title-content').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

test.describe('admin menus and permissions', () => {
  let adminToken = '';
  let editorToken = '';
  test.beforeAll(async ({ request }) => {
    adminToken = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
    editorToken = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
  });

  test('[SHELL-1][SHELL-3][SHELL-4][PERM-8][ROUTE-21] admin sees every menu: static routes plus all of GET /getRouters', async ({
    page,
    context,
  }) => {
    await tokenCookie(context, adminToken);
    await presetSettings(page, { layout: 'sidemenu' });
    await page.goto('/index');
    await shellReady(page);
    const texts = await menuTexts(page);
    for (const t of [
      '工作台',
      '个人页',
      '个人中心',
      '个人设置',
      '内容管理',
      '留言板',
      '访问统计',
      '系统管理',
      '通知公告',
      '字典管理',
      '帮助中心',
      '文章管理',
    ]) {
      expect(texts).toContain(t);
    }
    // The scaffold's tool pages did nothing here and left the menu (issue 18.8).
    for (const t of ['系统工具', '表单构建', '代码生成', '系统接口']) expect(texts).not.toContain(t);
    await expect(page.locator('h1')).toHaveText('工作台');
    await expect(page.getByRole('button', { name: '通知公告' })).toBeVisible();
    await expect(page.getByRole('button', { name: '全屏' })).toBeVisible();
    await expect(page.getByRole('button', { name: '语言' })).toBeVisible();
  });

  test('[SHELL-3][PERM-8][ISSUE-27.1] editor sees only its permitted menus; deviation from ROUTE-20: a page outside them says 当前操作没有权限', async ({
    page,
    context,
  }) => {
    await tokenCookie(context, editorToken);
    await presetSettings(page, { layout: 'sidemenu' });
    await page.goto('/index');
    await shellReady(page);
    const texts = await menuTexts(page);
    expect(texts).toEqual(expect.arrayContaining(['工作台', '个人中心', '个人设置', '内容管理', '留言板', '访问统计', '系统管理', '通知公告']));
    expect(texts).toContain('文章管理');
    for (const t of ['字典管理', '帮助中心']) expect(texts).not.toContain(t);
    // A page outside the editor's menu is a page, only not theirs: 当前操作没有权限 in place, not 页面不存在 (issue 27.1).
    await page.goto('/admin/system/dict');
    await expect(page.getByText('当前操作没有权限', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`${BASE}/admin/system/dict`);
    await expect(page.getByText('抱歉，您访问的页面不存在')).toHaveCount(0);
  });

  test('[SHELL-5][SHELL-6] external menu links open in a new target; the logo links to /', async ({ page, context }) => {
    await tokenCookie(context, adminToken);
    await presetSettings(page, { layout: 'sidemenu' });
    await page.goto('/index');
    await shellReady(page);
    const help = page.locator('.admin-sider .ant-menu').getByRole('link', { name: '帮助中心' });
    await expect(help).toHaveAttribute('href', '/support');
    await expect(help).toHaveAttribute('target', '_blank');
    await expect(help).toHaveAttribute('rel', /noopener/);
    await expect(page.locator('a.admin-logo').first()).toHaveAttribute('href', '/');
  });

  test('[SHELL-15 deviation: no code-generator, form-builder or API-doc pages, see contract README][ROUTE-25 deviation: no tool build, gen or swagger page, see contract README][ISSUE-18.8][ROUTE-20] menu pages render: message board, visits, dictionary; the removed tool pages and unknown shell paths go to /404', async ({
    page,
    context,
  }) => {
    await tokenCookie(context, adminToken);
    for (const unknown of ['/admin/tool/gen', '/index/nothing', '/account/nothing']) {
      await page.goto(unknown);
      await expect(page, `${unknown} goes to /404 (ROUTE-20)`).toHaveURL(`${BASE}/404`);
    }
    await page.goto('/admin/system/dict');
    await shellReady(page);
    await expect(page.locator('h1')).toHaveText('字典管理');
    const dictTable = page.locator('.ant-table').first();
    await expect(dictTable).toContainText('通知');
    await expect(dictTable).toContainText('warning');
    await page.goto('/admin/content/visits');
    await shellReady(page);
    await expect(page.getByText('平均停留时长', { exact: true })).toBeVisible();
    await page.goto('/admin/content/message-board');
    await shellReady(page);
    await expect(page.locator('h1')).toHaveText('留言板');
    await expect(page.locator('.ant-table')).toBeVisible();
  });

  test('[PERM-9][PERM-10] action controls follow the route permission: admin has 新增/修改/删除/导出, the content editor 新增/修改 but not 删除/导出', async ({
    browser,
  }) => {
    for (const [token, all] of [
      [adminToken, true],
      [editorToken, false],
    ] as const) {
      const context = await browser.newContext();
      await tokenCookie(context, token);
      const page = await context.newPage();
      await page.goto('/admin/system/notice');
      await shellReady(page);
      await expect(page.locator('h1')).toHaveText('通知公告');
      await expect(page.getByRole('button', { name: /查\s*询/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /查\s*看/ }).first()).toBeVisible();
      for (const name of ['新增', '修改', '删除', '导出']) {
        const shown = all || name === '新增' || name === '修改';
        await expect(page.locator('.notice-actions').getByRole('button', { name: new RegExp(name.split('').join('\\s*')) })).toHaveCount(
          shown ? 1 : 0,
        );
      }
      await context.close();
    }
  });

  test('[SUPPORT-1][SUPPORT-2] 帮助与支持 opens the customer-service page with name, phone, version and customer name in UTF-8 base64', async ({
    page,
    context,
    request,
  }) => {
    const auth = { Authorization: `Bearer ${adminToken}` };
    const info = await (await request.get(`${BASE}/getInfo`, { headers: auth })).json();
    // The admin account belongs to a customer: its product version and name (issue 19: the customer's own version).
    const account = (await (await request.get(`${BASE}/system/workbench/account`, { headers: auth })).json()).data;
    const crm = await (await request.get(`${BASE}/admin-api/crm/customer/get`, { params: { id: info.user.customerId }, headers: auth })).json();
    await tokenCookie(context, adminToken);
    await page.goto('/index');
    await shellReady(page);
    const link = page.getByRole('link', { name: '帮助与支持' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /info=/);
    await expect
      .poll(async () => {
        const href = (await link.getAttribute('href')) ?? '';
        const info = new URL(href).searchParams.get('info') ?? '';
        return JSON.parse(Buffer.from(info.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
      })
      .toEqual({ userName: 'admin', phone: info.user.phonenumber ?? '', productVersion: account.productVersion, customerName: crm.data.name });
    expect(crm.data.name).toMatch(/[\u4e00-\u9fa5]/);
    expect(account.productVersion).toBe('V3.2.0');
    expect((await link.getAttribute('href'))!.startsWith(`${TEST_SUPPORT_URL}?info=`)).toBe(true);
  });
});
