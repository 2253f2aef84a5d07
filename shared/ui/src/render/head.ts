/**
 * A page's <head>, owned by its page module: the module exports `head` beside its `loader`, and builds it from the
 * data its loader put in the query cache. The host composes it (company name, absolute URLs, Organization JSON-LD)
 * into the rendered file's tags, and into `document.title` and the description in the browser.
 */
import type { ArticleDetail } from '@site/contract';
import { searchOfUrl } from '@site/contract/routes';
import type { RouteLoaderArgs } from './loader';
import { articleQuery } from '../data/queries';

/** JSON-LD of the page's own subject; the host adds `@context`, absolute URLs, the publisher and `mainEntityOfPage`. */
export interface PageJsonLd {
  '@type': string;
  [field: string]: unknown;
}

export interface PageHead {
  /** The part of the title before the dash (TITLE-1); empty on the home page, titled by the company alone (TITLE-3). */
  title: string;
  description: string;
  /** In-site URL of the canonical page, when it is not this URL (path and `?id=`). */
  canonical?: string;
  /** Open Graph image (in-site or absolute); the company's logo when none. */
  image?: string | null;
  keywords?: string | null;
  jsonLd?: PageJsonLd[];
}

/** What `head` is given: the page's URL and query cache; `notFound` when the page shows its not-found state. */
export interface RouteHeadArgs extends RouteLoaderArgs {
  notFound?: boolean;
}
export type RouteHead = (args: RouteHeadArgs) => PageHead;

/** A page whose head does not depend on its data. */
export const staticHead =
  (title: string, description: string): RouteHead =>
  () => ({ title, description });

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** About 120 characters: what a search result shows. */
export function articleSummary(article: Pick<ArticleDetail, 'description' | 'text'>): string {
  const text = article.description?.trim() || plainText(article.text ?? '');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * A page of the article `?id=` (its loader loads `articleQuery`): titled by the article's SEO title or its title
 *, described by its summary, with its Article JSON-LD. The page's own title and description stand while
 * the article is not there (loading, or not found).
 */
export function articleHead(page: PageHead): RouteHead {
  return ({ url, queryClient, notFound }) => {
    const { id } = searchOfUrl(url);
    const article = notFound || id === null ? undefined : queryClient.getQueryData<ArticleDetail>(articleQuery(id).queryKey);
    if (!article || typeof article !== 'object' || !('id' in article)) return page;
    const headline = article.seoTitle?.trim() || article.title;
    return {
      ...page,
      title: headline,
      description: articleSummary(article) || page.description,
      image: article.image || null,
      keywords: article.seoKeywords?.trim() || (article.tags ?? []).join(',') || null,
      jsonLd: [
        {
          '@type': 'Article',
          headline,
          datePublished: article.publishDate,
          ...(article.image ? { image: article.image } : {}),
          ...(article.author ? { author: article.author } : {}),
          ...(article.description ? { description: article.description } : {}),
        },
      ],
    };
  };
}
