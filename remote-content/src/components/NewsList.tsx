import { Link } from 'react-router-dom';
import { type Article } from '@site/contract';
import { formatDate, truncateText } from '@site/ui';
import { detailHref } from './query';

/**
 * News items newest first, each with its publish date (YYYY-MM-DD) and a link to its detail page. Item titles are
 * h2 under a page's h1, h3 inside a section with its own h2 (`headingLevel`), so the outline never skips a level.
 */
/**
 * The first image is the largest paint on a phone: it loads at once and alone. The others wait until they near the
 * viewport (on a wide screen they are in it, and load right after layout).
 */
const EAGER_IMAGES = 1;

export function NewsList({ items, showImages = true, headingLevel = 2 }: { items: Article[]; showImages?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const sorted = [...items].sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
  return (
    <ul className="rc-news-list">
      {sorted.map((a, i) => (
        <li key={a.id} className="rc-news-item">
          {showImages && a.image && (
            <Link to={detailHref('news', a.id)} tabIndex={-1} aria-hidden="true">
              <img src={a.image} alt={a.title} width={800} height={450} loading={i < EAGER_IMAGES ? 'eager' : 'lazy'} />
            </Link>
          )}
          <div>
            <Heading className="rc-news-title">
              <Link to={detailHref('news', a.id)}>{a.title}</Link>
            </Heading>
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
