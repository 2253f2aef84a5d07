import type { ArticleDetail } from '@site/contract';
import { buildHead, headTags } from './head';

const company = { title: '华电智控科技有限公司', image: null };
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

test('[issue 27.5] an article with an SEO title and keywords: <title>, og:title and the headline use the SEO title, keywords go in <meta name="keywords">', () => {
  const head = buildHead({
    origin: 'https://example.cn',
    pathname: '/productDetail',
    id: 3,
    company,
    article: article({ seoTitle: '故障诊断系统 - 配电网智能运维', seoKeywords: '故障诊断,配电网' }),
  });
  const tags = headTags(head, company.title);
  expect(tags).toContain('<title>故障诊断系统 - 配电网智能运维 - 华电智控科技有限公司</title>');
  expect(tags).toContain('<meta property="og:title" content="故障诊断系统 - 配电网智能运维 - 华电智控科技有限公司" />');
  expect(tags).toContain('<meta name="keywords" content="故障诊断,配电网" />');
  expect(tags).toContain('"headline":"故障诊断系统 - 配电网智能运维"');
  expect(tags).toContain('<meta name="description" content="摘要" />');
});

test('[issue 27.5] without them: the article title, the tags as keywords, and no keywords at all without tags', () => {
  const withTags = headTags(
    buildHead({
      origin: 'https://example.cn',
      pathname: '/newsDetail',
      id: 3,
      company,
      article: article({ seoTitle: null, tags: ['配电', '运维'] }),
    }),
    company.title,
  );
  expect(withTags).toContain('<title>配电网故障智能诊断系统 - 华电智控科技有限公司</title>');
  expect(withTags).toContain('<meta name="keywords" content="配电,运维" />');
  const bare = headTags(buildHead({ origin: 'https://example.cn', pathname: '/newsDetail', id: 3, company, article: article({}) }), company.title);
  expect(bare).not.toContain('name="keywords"');
});

test('[issue 36.6] /product?id=N (where the search opens a product) and /productDetail?id=N name one canonical page', () => {
  const at = (pathname: string) => buildHead({ origin: 'https://example.cn', pathname, id: 101, company, article: article({ id: 101 }) });
  expect(at('/product').canonical).toBe('https://example.cn/productDetail?id=101');
  expect(at('/productDetail').canonical).toBe('https://example.cn/productDetail?id=101');
  expect(headTags(at('/product'), company.title)).toContain('<link rel="canonical" href="https://example.cn/productDetail?id=101" />');
  // Other pages stay their own; the product list without an id too.
  expect(at('/newsDetail').canonical).toBe('https://example.cn/newsDetail?id=101');
  expect(buildHead({ origin: 'https://example.cn', pathname: '/product', id: null, company }).canonical).toBe('https://example.cn/product');
});
