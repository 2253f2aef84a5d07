import { Link } from 'react-router-dom';
import { formatDate, truncateText, type Article } from '@site/shared';
import { detailHref } from './query';

/** News items newest first, each with its publish date (YYYY-MM-DD) and a link to its detail page. */
export function NewsList({ items, showImages = true }: { items: Article[]; showImages?: boolean }) {
  const sorted = [...items].sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
  return (
    <ul className="rc-news-list">
      {sorted.map((a) => (
        <li key={a.id} className="rc-news-item">
          {showImages && a.image && (
            <Link to={detailHref('news', a.id)} tabIndex={-1} aria-hidden="true">
              <img src={a.image} alt={a.title} width={800} height={450} loading="lazy" />
            </Link>
          )}
          <div>
            <h3>
              <Link to={detailHref('news', a.id)}>{a.title}</Link>
            </h3>
            <time className="rc-muted" dateTime={a.publishDate}>
              {formatDate(a.publishDate, 'YYYY-MM-DD')}
            </time>
            {a.description && <p>{truncateText(a.description, 160)}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
