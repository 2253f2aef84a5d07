import { COMPANY_NAME, type ArticleDetail } from '@site/contract';
import { documentTitle, routeMeta } from '../app/route-meta';

/** What the rendered file's <head> says about its page (title by TITLE-1..3, description, canonical, Open Graph, JSON-LD). */
export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  /** Organization on every page, Article on detail pages. */
  jsonLd: object[];
  ogType: 'website' | 'article';
  /** An article's SEO keywords (or its tags), for <meta name="keywords">. */
  keywords?: string | null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: `<` escaped, so no text in it can close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** About 120 characters: what a search result shows. */
function summary(article: ArticleDetail): string {
  const text = article.description?.trim() || plainText(article.text ?? '');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export function absoluteUrl(origin: string, url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, origin).href;
  } catch {
    return null;
  }
}

/**
 * Pages shown at two addresses (issue 36.6): the search opens a product at `/product?id=N` (SRCH-7), the product
 * list at `/productDetail?id=N`; both name the second as canonical, so a search engine indexes one page.
 */
const CANONICAL_DETAIL: Record<string, string> = { '/product': '/productDetail' };

export function buildHead(o: {
  origin: string;
  pathname: string;
  id: number | null;
  company: { title: string; image: string | null };
  article?: ArticleDetail | null;
}): PageHead {
  const { origin, pathname, id, company, article } = o;
  const canonical = `${origin}${id !== null ? `${CANONICAL_DETAIL[pathname] ?? pathname}?id=${id}` : pathname}`;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.title || COMPANY_NAME,
    url: `${origin}/`,
    ...(company.image ? { logo: absoluteUrl(origin, company.image) } : {}),
  };
  // An article's SEO title (issue 27.5) names the page where it is set; its own title otherwise.
  const articleTitle = article ? article.seoTitle?.trim() || article.title : undefined;
  const title = documentTitle(pathname, company.title, articleTitle);
  if (!article) {
    return {
      title,
      description: routeMeta(pathname).description,
      canonical,
      image: absoluteUrl(origin, company.image),
      jsonLd: [organization],
      ogType: 'website',
    };
  }
  const image = absoluteUrl(origin, article.image) ?? absoluteUrl(origin, company.image);
  return {
    title,
    description: summary(article) || routeMeta(pathname).description,
    canonical,
    image,
    ogType: 'article',
    keywords: article.seoKeywords?.trim() || (article.tags ?? []).join(',') || null,
    jsonLd: [
      organization,
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: articleTitle,
        datePublished: article.publishDate,
        mainEntityOfPage: canonical,
        ...(image ? { image: [image] } : {}),
        author: { '@type': 'Organization', name: article.author || company.title || COMPANY_NAME },
        publisher: organization,
        ...(article.description ? { description: article.description } : {}),
      },
    ],
  };
}

/** The tags that go into <head> (the template's own title and description are replaced). */
export function headTags(head: PageHead, siteName: string): string {
  const meta = (property: string, content: string | null) => (content ? `<meta property="${property}" content="${escapeHtml(content)}" />` : '');
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.keywords ? `<meta name="keywords" content="${escapeHtml(head.keywords)}" />` : '',
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('og:type', head.ogType),
    meta('og:title', head.title),
    meta('og:description', head.description),
    meta('og:url', head.canonical),
    meta('og:image', head.image),
    meta('og:site_name', siteName),
    meta('og:locale', 'zh_CN'),
    ...head.jsonLd.map((d) => `<script type="application/ld+json">${scriptJson(d)}</script>`),
  ]
    .filter(Boolean)
    .join('\n    ');
}
