/**
 * Issue 4 (and the host side of issue 6): the public shell the host owns, against the real server.
 * Header navigation from the channel list, footer link rules, page titles, /404, the mobile drawer,
 * the admin route guard, the header's account area, /clearAll and /test.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, BASE, SEEDED, apiLogin, untilServed, useToken } from '../support/site';

const TOP_NAV = [
  { filePath: 'home/index', path: '/' },
  { filePath: 'product/index', path: '/product' },
  { filePath: 'solution/index', path: '/solution' },
  { filePath: 'support/index', path: '/support' },
  { filePath: 'about/index', path: '/about' },
  { filePath: 'news/index', path: '/news' },
  { filePath: 'about/contact', path: '/contact' },
];

interface Channel {
  id: number;
  name: string;
  title: string;
  customs: { filePath?: string };
  children?: Channel[];
}
interface BlockItem {
  id: number;
  title: string;
  url: string | null;
  targetBlank: boolean;
  image: string | null;
}

const flatten = (list: Channel[]): Channel[] => list.flatMap((c) => [c, ...flatten(c.children ?? [])]);

async function navChannels(request: APIRequestContext): Promise<Channel[]> {
  return flatten(await (await request.get(`${API}/api/channel`, { params: { isNav: 'true' } })).json());
}
async function block(request: APIRequestContext, blockId: number): Promise<BlockItem[]> {
  return (await request.get(`${API}/api/block-item`, { params: { blockId } })).json();
}
async function companyTitle(request: APIRequestContext): Promise<string> {
  const list = await (await request.get(`${API}/api/company`)).json();
  return list[0].title as string;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: '主导航' });

test.describe('header navigation', () => {
  test('[NAV-1][NAV-2][NAV-3] seven entries in order, titles from the channel list matched by customs.filePath', async ({ page, request }) => {
    const channels = await navChannels(request);
    const expected = TOP_NAV.map((n) => channels.find((c) => c.customs?.filePath === n.filePath)!.name);
    await page.goto('/about');
    const links = mainNav(page).getByRole('link');
    await expect(links).toHaveText(expected);
    const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(TOP_NAV.map((n) => n.path));
    await expect(mainNav(page).getByRole('link', { name: expected[4] })).toHaveAttribute('aria-current', 'page');
    // One current entry in the main navigation, with or without the app (the HTML phone menu marks its own).
    await expect(mainNav(page).locator('a[aria-current="page"]')).toHaveCount(1);
    // Once the app runs (issue 34.12: not before), the HTML phone menu is gone: the header marks one entry in all.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('header a[aria-current="page"]')).toHaveCount(1);
  });

  test('[NAV-2] a channel renamed in the database shows in the header after a reload @site-wide', async ({ page, request }) => {
    const token = await apiLogin(request, SEEDED.admin.username, SEEDED.admin.password);
    const channel = (await navChannels(request)).find((c) => c.customs?.filePath === 'solution/index')!;
    const renamed = `方案${Date.now() % 100000}`;
    const headers = { Authorization: `Bearer ${token}` };
    // A write names the row version read (issue 18.2).
    const version = async () => (await (await request.get(`${API}/system/channel/${channel.id}`, { headers })).json()).data.version as number;
    try {
      const res = await request.put(`${API}/system/channel/${channel.id}`, { headers, data: { name: renamed, version: await version() } });
      expect((await res.json()).code).toBe(200);
      // Shown once the page is rendered again with it.
      await untilServed(request, '/', renamed);
      await page.goto('/');
      await expect(mainNav(page).getByRole('link', { name: renamed })).toHaveAttribute('href', '/solution');
    } finally {
      await request.put(`${API}/system/channel/${channel.id}`, { headers, data: { name: channel.name, version: await version() } });
    }
    await untilServed(request, '/', renamed, { absent: true });
    await untilServed(request, '/solution', renamed, { absent: true });
    await page.reload();
    await expect(mainNav(page).getByRole('link', { name: channel.name })).toBeVisible();
  });

  test('[NAV-4][CONST-2] at 390 px a menu button opens a drawer with the same entries, and the root font follows the width', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      const channels = await navChannels(request);
      const expected = TOP_NAV.map((n) => channels.find((c) => c.customs?.filePath === n.filePath)!.name);
      await page.goto('/');
      await expect(mainNav(page)).toBeHidden();
      // The drawer is the app's: before hydration 菜单 opens the HTML panel instead (early-interaction.spec.ts).
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.getByRole('button', { name: '菜单' }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('navigation', { name: '移动端导航' }).getByRole('link')).toHaveText(expected);
      await expect(drawer.getByRole('link', { name: '登录' })).toBeVisible();
      await drawer.getByRole('link', { name: expected[5] }).click();
      await expect(page).toHaveURL(`${BASE}/news`);
      await expect(drawer).toBeHidden();
      // The root font follows the width: 390 / 750 * 16 (site.css, from the first paint).
      const rootFont = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      expect(rootFont).toBeCloseTo((390 / 750) * 16, 2);
    } finally {
      await context.close();
    }
  });
});

test.describe('footer', () => {
  test('[FOOT-1][FOOT-2][FOOT-3][FOOT-4][FOOT-5] columns, contact (at most 2), logo and copyright come from the blocks', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    const columns: [string, number, string][] = [
      ['product', 1, '产品中心'],
      ['application', 2, '应用领域'],
      ['about', 3, '关于我们'],
      ['news', 4, '新闻中心'],
    ];
    for (const [key, blockId, title] of columns) {
      const col = footer.getByTestId(`footer-col-${key}`);
      await expect(col.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(col.locator('li')).toHaveText((await block(request, blockId)).map((i) => i.title));
    }
    const contact = await block(request, 6);
    await expect(footer.getByTestId('footer-contact').locator('li')).toHaveText(contact.slice(0, 2).map((i) => i.title));
    const logo = (await block(request, 7))[0];
    await expect(footer.getByTestId('footer-logo')).toHaveAttribute('alt', logo.title);
    await expect(footer.getByTestId('footer-logo')).toHaveAttribute('src', logo.image!);
    await expect(footer.getByTestId('footer-copyright').locator('p')).toHaveText((await block(request, 5)).map((i) => i.title));
  });

  test('[FOOT-6][FOOT-9][FOOT-8 deviation: an external, tel: or mailto: url is an ordinary link, an unsafe one no link, see contract README] targetBlank items open in a new tab; tel: and mailto: are contact links; other schemes are not links', async ({
    page,
    request,
  }) => {
    const all = (await Promise.all([1, 2, 3, 4, 5, 6].map((id) => block(request, id)))).flat();
    const blank = all.filter((i) => i.targetBlank && i.url && /^https?:\/\//.test(i.url));
    expect(blank.length).toBeGreaterThan(0);
    await page.goto('/');
    const footer = page.locator('footer');
    for (const item of blank) {
      const link = footer.getByRole('link', { name: item.title });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', item.url!);
    }
    // [ISSUE-19.contact] tel: and mailto: are tap-to-call / email links; javascript:, data: … are never links.
    const contact = all.filter((i) => i.url && /^(tel|mailto):/.test(i.url));
    expect(contact.length).toBeGreaterThan(0);
    for (const item of contact) {
      const shown = footer.getByText(item.title, { exact: true });
      if ((await shown.count()) === 0) continue; // a contact item past the first two
      await expect(shown).toHaveAttribute('data-link', 'contact');
      await expect(shown).toHaveAttribute('href', item.url!);
    }
    await expect(footer.locator('a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0);
  });

  test('[FOOT-7][FOOT-8] initData urls load the page anew; other in-site urls are in-app routes', async ({ page, request }) => {
    const all = (await Promise.all([1, 2, 3, 4].map((id) => block(request, id)))).flat();
    const reload = all.find((i) => !i.targetBlank && i.url?.includes('initData'))!;
    const route = all.find((i) => !i.targetBlank && i.url?.startsWith('/') && !i.url.includes('initData'))!;
    expect(reload && route).toBeTruthy();
    await page.goto('/');
    // The page is rendered ahead: its links are the app's once it has hydrated.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const footer = page.locator('footer');
    const mark = () => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

    await mark();
    await footer.getByRole('link', { name: route.title, exact: true }).click();
    await expect(page).toHaveURL(`${BASE}${route.url}`);
    expect(await sameDocument()).toBe(true);

    await mark();
    await footer.getByRole('link', { name: reload.title, exact: true }).click();
    await expect(page).toHaveURL(`${BASE}${reload.url}`);
    await expect(page.locator('footer')).toBeVisible();
    expect(await sameDocument()).toBe(false);
  });
});

test.describe('page title', () => {
  test('[TITLE-1][TITLE-2][TITLE-3] "<title> - <company>", the company alone on the home page', async ({ page, request }) => {
    const company = await companyTitle(request);
    await page.goto('/');
    await expect(page).toHaveTitle(company);
    await mainNav(page).getByRole('link').nth(1).click();
    await expect(page).toHaveURL(`${BASE}/product`);
    await expect(page).toHaveTitle(`产品中心 - ${company}`);
    await page.goto('/about');
    await expect(page).toHaveTitle(`关于我们 - ${company}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /公司/);
    await page.goto('/404');
    await expect(page).toHaveTitle(`页面不存在 - ${company}`);
  });
});

test.describe('host pages and routing', () => {
  test('[ROUTE-20][ROUTE-19] an unknown path goes to the Chinese /404 page, outside the layout, with a way home', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(`${BASE}/404`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('抱歉，您访问的页面不存在');
    await expect(page.locator('header')).toHaveCount(0);
    // The app's own way home (a link to /: the browser follows it before the app runs, not-found.spec.ts).
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(`${BASE}/`);
    // By role and name: until the app runs, the rendered header also holds the closed pre-app menu's 移动端导航.
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  });

  test('[ROUTE-2][ROUTE-4] landmarks, one h1, scroll to top on navigation', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    // One site header and footer landmark (the page's own banner has a <header> inside main, which is no landmark).
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.locator('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator('footer').getByRole('link', { name: '新闻中心', exact: true }).click();
    await expect(page).toHaveURL(`${BASE}/news`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('[ROUTE-3] a loading bar during a navigation inside the app, none over the page the browser loaded', async ({ page }) => {
    // Counts every time the bar (#nprogress) is added to the page, from before the first script runs.
    await page.addInitScript(() => {
      const w = window as unknown as { barsShown: number };
      w.barsShown = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if ((n as Element).id === 'nprogress') w.barsShown++;
      }).observe(document, { childList: true, subtree: true });
    });
    const barsShown = () => page.evaluate(() => (window as unknown as { barsShown: number }).barsShown);
    await page.goto('/about');
    // The app's first effects (the hydrated mark and the bar's) have run once the mark is there.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(await barsShown()).toBe(0);
    await page.locator('footer').getByRole('link', { name: '新闻中心', exact: true }).click();
    await expect(page).toHaveURL(`${BASE}/news`);
    await expect.poll(barsShown).toBeGreaterThan(0);
    // It ends with the navigation: the page and its list are there (issue 38.4: from the navigation state), and it ran
    // once, through the page's code and then its data, not ending and starting again between the two.
    await expect(page.locator('main .rc-news-item').first()).toBeVisible();
    await expect(page.locator('#nprogress')).toHaveCount(0);
    expect(await barsShown()).toBe(1);
  });

  test('[AUTH-7] admin routes need a token: visitors go to the login page with a redirect back', async ({ page }) => {
    await page.goto('/index');
    await expect(page).toHaveURL(`${BASE}/user/login?redirect=${encodeURIComponent('/index')}`);
    await page.goto('/account/center');
    await expect(page).toHaveURL(`${BASE}/user/login?redirect=${encodeURIComponent('/account/center')}`);
  });

  test('[AUTH-8] header: 登录/注册 for visitors; name and 退出登录 when signed in; logging out clears the token and goes to /index', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/user/login');
    await expect(header.getByRole('link', { name: '注册' })).toHaveAttribute('href', '/user/register');

    const token = await apiLogin(request, SEEDED.editor.username, SEEDED.editor.password);
    const info = await (await request.get(`${API}/getInfo`, { headers: { Authorization: `Bearer ${token}` } })).json();
    await useToken(page, token);
    await page.reload();
    await expect(header.getByTestId('header-user-name')).toHaveText(info.user.nickName || info.user.userName);
    await expect(header.getByRole('link', { name: '工作台' })).toHaveAttribute('href', '/index');
    await header.getByRole('button', { name: '退出登录' }).click();
    // antd spaces two-character button labels (确 定).
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^确\s*定$/ })
      .click();
    // /index needs a token: the guard then sends the visitor to sign in, returning to /index afterwards.
    await expect(page).toHaveURL(`${BASE}/user/login?redirect=${encodeURIComponent('/index')}`);
    const cookies = await page.context().cookies(BASE);
    expect(cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    // The token was revoked on the server.
    const after = await (await request.get(`${API}/getInfo`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(after.code).toBe(401);
  });

  test('/clearAll clears local storage, session storage and cookies, then returns home', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => {
      localStorage.setItem('e2e_probe', '1');
      sessionStorage.setItem('e2e_probe', '1');
      document.cookie = 'e2e_probe=1; path=/';
    });
    await page.goto('/clearAll');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('清除缓存');
    await expect(page.getByRole('status')).toContainText('已清除');
    await expect(page).toHaveURL(`${BASE}/`);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    expect((await page.context().cookies(BASE)).map((c) => c.name)).toEqual([]);
  });

  test('/test lists each remote with its manifest URL, version and state, and loads one on demand', async ({ page }) => {
    await page.goto('/test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('运行时组成');
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(4);
    const row = page.getByTestId('remote-row-remote_support');
    await expect(row).toContainText('mf-manifest.json');
    await expect(row).toContainText('未加载');
    await expect(row.locator('td').nth(2)).toHaveText(/^\d+\.\d+\.\d+/);
    await row.getByRole('button', { name: '加载 remote_support' }).click();
    await expect(row).toContainText('已加载');
  });
});
