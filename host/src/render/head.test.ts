import { QueryClient } from '@tanstack/react-query';
import type { ArticleDetail } from '@site/contract';
import { articleQuery } from '@site/ui';
import { articleHead, staticHead, type PageHead } from '@site/ui/render';
import { composeHead, headTags } from './head';
import { routeHead } from './page-module';
import { head as notFoundHead } from '../pages/not-found/NotFound';

const company = { title: '华电智控科技有限公司', image: null };
const origin = 'https://example.cn';
const article = (over: Partial<ArticleDetail>) =>
  ({
    id: 3,
    title: '配电网故障智能诊断系统',
    description: '摘要',
    image: null,
    publishDate: '2026-01-02T00:00:00.000Z',
    author: null,
    ...over,
  }) as ArticleDetail;

/** A detail page's head as its module builds it, from what its loader put in the cache, composed by the host. */
function composedArticlePage(path: string, a: ArticleDetail) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(articleQuery(a.id).queryKey, a);
  const url = new URL(`${path}?id=${a.id}`, origin);
  const page = articleHead({ title: '产品详情', description: '产品功能、特点与技术参数。' })({ queryClient, url });
  return composeHead(page, { origin, url, company });
}
const composedAt = (page: PageHead, path: string, c = company) => composeHead(page, { origin, url: new URL(path, origin), company: c });

test('[issue 27.5][issue 38.1] an article with an SEO title and keywords: <title>, og:title and the headline use the SEO title, keywords go in <meta name="keywords">', () => {
  const tags = headTags(
    composedArticlePage('/productDetail', article({ seoTitle: '故障诊断系统 - 配电网智能运维', seoKeywords: '故障诊断,配电网' })),
    company.title,
  );
  expect(tags).toContain('<title>故障诊断系统 - 配电网智能运维 - 华电智控科技有限公司</title>');
  expect(tags).toContain('<meta property="og:title" content="故障诊断系统 - 配电网智能运维 - 华电智控科技有限公司" />');
  expect(tags).toContain('<meta name="keywords" content="故障诊断,配电网" />');
  expect(tags).toContain('"headline":"故障诊断系统 - 配电网智能运维"');
  expect(tags).toContain('<meta name="description" content="摘要" />');
  expect(tags).toContain('<meta property="og:type" content="article" />');
});

test('[issue 27.5] without them: the article title, the tags as keywords, and no keywords at all without tags', () => {
  const withTags = headTags(composedArticlePage('/newsDetail', article({ seoTitle: null, tags: ['配电', '运维'] })), company.title);
  expect(withTags).toContain('<title>配电网故障智能诊断系统 - 华电智控科技有限公司</title>');
  expect(withTags).toContain('<meta name="keywords" content="配电,运维" />');
  expect(headTags(composedArticlePage('/newsDetail', article({})), company.title)).not.toContain('name="keywords"');
});

test("[issue 38.1] the Article JSON-LD is the page's (from its loader's data), published by the company at the canonical address", () => {
  const head = composedArticlePage('/newsDetail', article({ image: '/files/a.jpg', author: '品牌部' }));
  expect(head.jsonLd).toEqual([
    { '@context': 'https://schema.org', '@type': 'Organization', name: company.title, url: `${origin}/` },
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: '配电网故障智能诊断系统',
      datePublished: '2026-01-02T00:00:00.000Z',
      description: '摘要',
      mainEntityOfPage: `${origin}/newsDetail?id=3`,
      image: [`${origin}/files/a.jpg`],
      author: { '@type': 'Organization', name: '品牌部' },
      publisher: { '@context': 'https://schema.org', '@type': 'Organization', name: company.title, url: `${origin}/` },
    },
  ]);
  expect(head.image).toBe(`${origin}/files/a.jpg`);
});

test('[issue 36.6] a page names its canonical page; otherwise its path, with ?id= on a page of one article only', () => {
  const list = staticHead('产品中心', '产品');
  expect(composedAt({ ...list({} as never), canonical: '/productDetail?id=101' }, '/product?id=101').canonical).toBe(
    `${origin}/productDetail?id=101`,
  );
  expect(headTags(composedAt({ ...list({} as never), canonical: '/productDetail?id=101' }, '/product?id=101'), company.title)).toContain(
    `<link rel="canonical" href="${origin}/productDetail?id=101" />`,
  );
  expect(composedAt(list({} as never), '/newsDetail?id=101').canonical).toBe(`${origin}/newsDetail?id=101`);
  expect(composedAt(list({} as never), '/product').canonical).toBe(`${origin}/product`);
  expect(composedAt(list({} as never), '/product?categoryId=21&page=2').canonical).toBe(`${origin}/product`);
});

test('[issue 46.3] the canonical keeps ?id= only where the route table declares it (one reading of ?id=)', () => {
  const list = staticHead('新闻中心', '新闻');
  // /news takes no ?id=: the list is its own canonical page, whatever the address carries.
  expect(composedAt(list({} as never), '/news?id=3').canonical).toBe(`${origin}/news`);
  expect(composedAt(list({} as never), '/newsDetail?id=%207%20').canonical).toBe(`${origin}/newsDetail?id=7`);
  expect(composedAt(list({} as never), '/newsDetail?id=abc').canonical).toBe(`${origin}/newsDetail`);
});

describe("page title [TITLE-1][TITLE-3] from the page module's head", () => {
  const none = { queryClient: new QueryClient(), url: new URL('/', origin) };
  it('home (its head titles it by nothing) shows the company name alone', () => {
    expect(composedAt(staticHead('', '首页')(none), '/').title).toBe('华电智控科技有限公司');
  });
  it('other pages: the page title, a dash, the company title', () => {
    expect(composedAt(staticHead('产品中心', '产品')(none), '/product', { title: '某公司', image: null }).title).toBe('产品中心 - 某公司');
    expect(
      composedAt(routeHead('工作台')({ ...none, url: new URL('/index/notice', origin) }), '/index/notice', { title: '某公司', image: null }).title,
    ).toBe('工作台 - 某公司');
  });
  it('[issue 34.9] the 404 page: 页面不存在 - <company>, with a description', () => {
    const head = composedAt(notFoundHead(none), '/404', { title: '某公司', image: null });
    expect(head.title).toBe('页面不存在 - 某公司');
    expect(head.description).toBe('您访问的页面不存在。');
  });
  it('a detail page shows its own title while the article is not there (loading, or not found)', () => {
    const detail = articleHead({ title: '新闻详情', description: '新闻详情。' });
    expect(detail({ ...none, url: new URL('/newsDetail?id=999', origin) })).toEqual({ title: '新闻详情', description: '新闻详情。' });
    const queryClient = new QueryClient();
    queryClient.setQueryData(articleQuery(5).queryKey, article({ id: 5 }));
    expect(detail({ queryClient, url: new URL('/newsDetail?id=5', origin), notFound: true }).title).toBe('新闻详情');
    expect(detail({ queryClient, url: new URL('/newsDetail?id=5', origin) }).title).toBe('配电网故障智能诊断系统');
  });
});
