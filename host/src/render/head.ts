/**
 * The host's part of a page's <head>: it composes what the page module's `head` says (@site/ui render) with the
 * site's identity (the company, TITLE-1..3) and origin: the title, absolute canonical and image URLs, Open Graph,
 * and the Organization JSON-LD around the page's own. The host knows no page's content.
 */
import { COMPANY_NAME } from '@site/contract';
import { searchOfUrl } from '@site/contract/routes';
import { formatPageTitle } from '@site/ui';
import type { PageHead } from '@site/ui/render';

/** What the rendered file's <head> says about its page. */
export interface ComposedHead {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  jsonLd: object[];
  ogType: 'website' | 'article';
  keywords: string | null;
}

export interface Company {
  title: string;
  image: string | null;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: `<` escaped, so no text in it can close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function absoluteUrl(origin: string, url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, origin).href;
  } catch {
    return null;
  }
}

/** A page's own address: its path, with `?id=` where its route takes one (a list's paging and filters are not kept). */
function ownCanonical(url: URL): string {
  const { id } = searchOfUrl(url);
  return id !== null ? `${url.pathname}?id=${id}` : url.pathname;
}

/** "<page title> - <company>" (TITLE-1), the company alone where the page's title is empty (TITLE-3). */
export const documentTitle = (page: Pick<PageHead, 'title'>, company: string) => formatPageTitle(page.title, company);

export function composeHead(page: PageHead, o: { origin: string; url: URL; company: Company }): ComposedHead {
  const { origin, url, company } = o;
  const canonical = `${origin}${page.canonical ?? ownCanonical(url)}`;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.title || COMPANY_NAME,
    url: `${origin}/`,
    ...(company.image ? { logo: absoluteUrl(origin, company.image) } : {}),
  };
  const image = absoluteUrl(origin, page.image) ?? absoluteUrl(origin, company.image);
  // The page's subjects (an Article) are published by the company, at the canonical address, with absolute images.
  const own = (page.jsonLd ?? []).map(({ image: own, author, ...rest }) => {
    const ownImage = typeof own === 'string' ? absoluteUrl(origin, own) : null;
    return {
      '@context': 'https://schema.org',
      ...rest,
      mainEntityOfPage: canonical,
      ...((ownImage ?? image) ? { image: [ownImage ?? image] } : {}),
      author: { '@type': 'Organization', name: (typeof author === 'string' && author) || company.title || COMPANY_NAME },
      publisher: organization,
    };
  });
  return {
    title: documentTitle(page, company.title),
    description: page.description,
    canonical,
    image,
    jsonLd: [organization, ...own],
    ogType: own.some((d) => d['@type'] === 'Article') ? 'article' : 'website',
    keywords: page.keywords?.trim() || null,
  };
}

/** The tags that go into <head> (the template's own title and description are replaced). */
export function headTags(head: ComposedHead, siteName: string): string {
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
