import { ArticleDetailView } from '../../components/ArticleDetailView';
import { ROUTES } from '../../components/query';
import { useArticle } from '../../components/useArticle';
import { readFeatures } from './features';

/** One product: head with image and description, its features, the sanitised body. Also used by /product?id=. */
export function ProductDetailView({ id }: { id: number | null }) {
  const state = useArticle(id);
  return (
    <ArticleDetailView
      state={state}
      list={{ path: ROUTES.product.list, name: '产品中心' }}
      hero
      meta={(a) => (
        <>
          {a.channel?.name && <span>分类：{a.channel.name}</span>}
          {typeof a.customs?.version === 'string' && <span>版本：{a.customs.version}</span>}
        </>
      )}
      beforeBody={(a) => {
        const features = readFeatures(a.customs);
        if (features.length === 0) return null;
        return (
          <section aria-labelledby="rc-features-title">
            <h2 id="rc-features-title">产品特点</h2>
            <ul className="rc-features">
              {features.map((f) => (
                <li key={f.title}>
                  <strong>{f.title}</strong>
                  {f.description && <span className="rc-muted">{f.description}</span>}
                </li>
              ))}
            </ul>
          </section>
        );
      }}
    />
  );
}
