import { Link } from 'react-router-dom';
import { type Article } from '@site/contract';
import { truncateText } from '@site/ui';
import { detailHref, type ArticleKind } from './query';

/** Cards with cover image, title and summary, each linking to its detail page (products, solutions). */
/**
 * The first card's image is the largest paint on a phone: it loads at once and alone. The others wait until they
 * near the viewport (on a wide screen they are in it, and load right after layout).
 */
const EAGER_IMAGES = 1;

/**
 * A grid's class. `fill`: one row of a few cards (the home sections) whose columns follow the number of cards, so three
 * cards never sit in a four-column grid with a hole.
 */
export function gridClass(count: number, fill = false): string {
  return fill && count >= 2 && count <= 4 ? `rc-grid rc-grid--fill rc-grid--n${count}` : 'rc-grid';
}

export function ArticleGrid({
  items,
  kind,
  headingLevel = 3,
  fill = false,
}: {
  items: Article[];
  kind: ArticleKind;
  headingLevel?: 2 | 3;
  fill?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={gridClass(items.length, fill)}>
      {items.map((a, i) => (
        <li key={a.id}>
          <Link className="rc-card" to={detailHref(kind, a.id)}>
            {a.image && <img src={a.image} alt={a.title} width={800} height={450} loading={i < EAGER_IMAGES ? 'eager' : 'lazy'} />}
            <div className="rc-card-body">
              <Heading>{a.title}</Heading>
              {a.subtitle && <div className="rc-muted">{a.subtitle}</div>}
              {a.description && <p>{truncateText(a.description, 120)}</p>}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
