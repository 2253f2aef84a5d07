import { BLOCK_IDS } from '@site/contract';
import { EmptyState, TextPlaceholder, useData, blockItemsQuery } from '@site/ui';
import { SmartLink } from '../../components/SmartLink';
import { HomeSection } from './HomeSection';

/**
 * The company introduction of the home page from the home-intro block: its first item is the text
 * (title, subtitle, description, image, link), the others are key figures (title = figure, subtitle = label).
 */
export function CompanyIntro() {
  const { loading, data } = useData(blockItemsQuery(BLOCK_IDS.homeIntro));
  if (loading) return <TextPlaceholder rows={4} />;
  const [intro, ...figures] = data ?? [];
  if (!intro) return <EmptyState />;
  return (
    <HomeSection id="rc-home-intro" title={intro.title} more={intro.url ?? '/about'}>
      <div className="rc-intro">
        <div>
          {intro.subtitle && <p className="rc-muted">{intro.subtitle}</p>}
          {intro.description && <p>{intro.description}</p>}
          {figures.length > 0 && (
            <ul className="rc-stats">
              {figures.map((f) => (
                <li key={f.id}>
                  <strong>{f.title}</strong>
                  <span>{f.subtitle}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        {intro.image && (
          <SmartLink url={intro.url} label={intro.title}>
            <img src={intro.image} alt={intro.title} width={800} height={450} loading="lazy" />
          </SmartLink>
        )}
      </div>
    </HomeSection>
  );
}
