import { Link } from 'react-router-dom';
import { EmptyState, useData, articlesQuery, blockItemsQuery } from '@site/ui';
import { Loading } from '../../components/PageState';
import { RightIcon } from '../../components/icons';
import { formatDay } from '../../components/format';
import { LATEST_COUNT, type SupportSection } from './sections';

/** One entry card: the tile from its content block, then the latest items of its channel. */
export function SupportEntry({ section, title }: { section: SupportSection; title: string }) {
  const tile = { data: useData(blockItemsQuery(section.blockId)).data?.[0] ?? null };
  const latest = useData(articlesQuery({ channelId: section.channelId, limit: LATEST_COUNT }));
  const headingId = `rs-entry-${section.channelId}`;
  return (
    <section className="rs-entry" aria-labelledby={headingId}>
      <Link to={section.path} className="rs-entry-head">
        {tile.data?.image && <img src={tile.data.image} alt="" width={56} height={56} />}
        <div>
          <h2 id={headingId} className="rs-entry-title">
            {title}
          </h2>
          {tile.data?.description && <p className="rs-entry-desc">{tile.data.description}</p>}
        </div>
      </Link>
      {latest.loading ? (
        <Loading />
      ) : latest.data?.length ? (
        <ul className="rs-latest">
          {latest.data.map((a) => (
            <li key={a.id}>
              <Link to={section.itemHref(a.id)} title={a.title}>
                {a.title}
              </Link>
              <time dateTime={a.publishDate}>{formatDay(a.publishDate)}</time>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState />
      )}
      <Link to={section.path} className="rs-more">
        查看全部{title} <RightIcon />
      </Link>
    </section>
  );
}
