import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A titled home section with a 查看更多 link to its full page. */
export function HomeSection({ title, more, children, id }: { title: string; more?: string; children: ReactNode; id: string }) {
  return (
    <section className="rc-section" aria-labelledby={id}>
      <div className="rc-section-head">
        <h2 id={id}>{title}</h2>
        {more && (
          <Link to={more} aria-label={`${title}：查看更多`}>
            查看更多
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
