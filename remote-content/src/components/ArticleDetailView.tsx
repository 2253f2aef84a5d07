import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type ArticleDetail } from '@site/contract';
import { SafeHtml, TextPlaceholder } from '@site/ui';
import { heroParts } from './detail-parts';
import { NotFound } from './NotFound';
import type { ArticleState } from './useArticle';

export interface DetailLayoutProps {
  state: ArticleState;
  /** The list this detail belongs to (breadcrumb and 返回列表). */
  list: { path: string; name: string };
  /** Meta line under the title (date, source, version…). */
  meta?: (a: ArticleDetail) => ReactNode;
  /** Show the cover image and description beside each other above the body (products, solutions). */
  hero?: boolean;
  /** Extra parts between the head and the body (e.g. product features). */
  beforeBody?: (a: ArticleDetail) => ReactNode;
  /** Parts after the body (e.g. previous / next article). */
  afterBody?: (a: ArticleDetail) => ReactNode;
}

/** The shared layout of the product, solution and news detail pages, with their loading and not-found states. */
export function ArticleDetailView({ state, list, meta, hero, beforeBody, afterBody }: DetailLayoutProps) {
  if (state.status === 'loading') {
    return (
      <div aria-busy="true">
        <h1 className="rc-channel-title">{list.name}</h1>
        <TextPlaceholder rows={8} />
      </div>
    );
  }
  if (state.status === 'notFound') return <NotFound backTo={list.path} />;
  const a = state.article;
  return (
    <article>
      <nav className="rc-breadcrumb" aria-label="面包屑">
        <ol>
          <li>
            <Link to="/">首页</Link>
          </li>
          <li>
            <Link to={list.path}>{list.name}</Link>
          </li>
          <li aria-current="page">{a.title}</li>
        </ol>
      </nav>
      <header className="rc-detail-head">
        <h1>{a.title}</h1>
        {meta && <div className="rc-detail-meta">{meta(a)}</div>}
      </header>
      {hero && <DetailHero article={a} />}
      {beforeBody?.(a)}
      <SafeHtml as="section" className="rc-article-body" html={a.text} />
      {afterBody?.(a)}
      <div className="rc-back">
        <Link to={list.path} className="site-button">
          返回列表
        </Link>
      </div>
    </article>
  );
}

/** The cover image, subtitle and summary beside each other, leaving out what the body already shows. */
function DetailHero({ article: a }: { article: ArticleDetail }) {
  const show = heroParts(a);
  if (!show.image && !show.subtitle && !show.description) return null;
  return (
    <div className={`rc-detail-hero${show.image && (show.subtitle || show.description) ? '' : ' rc-detail-hero--single'}`}>
      {show.image && <img src={a.image!} alt={a.title} width={800} height={450} loading="eager" />}
      {(show.subtitle || show.description) && (
        <div>
          {show.subtitle && <p className="rc-muted">{a.subtitle}</p>}
          {show.description && <p>{a.description}</p>}
        </div>
      )}
    </div>
  );
}
