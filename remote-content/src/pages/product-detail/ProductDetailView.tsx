import { Link } from 'react-router-dom';
import type { ArticleDetail } from '@site/contract';
import { ArticleDetailView } from '../../components/ArticleDetailView';
import { bodyListsAll } from '../../components/detail-parts';
import { ROUTES } from '../../components/query';
import { useArticle } from '../../components/useArticle';
import { contactHref } from '../contact/product-inquiry';
import { readFeatures } from './features';

/**
 * One product: head with image and description, its features (unless the body lists them already), the sanitised
 * body and the call to action (申请试用 / 联系我们: the message board with the product named). Also used by /product?id=.
 */
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
        if (
          features.length === 0 ||
          bodyListsAll(
            a.text,
            features.map((f) => f.title),
          )
        )
          return null;
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
      afterBody={(a) => <ProductCta product={a} />}
    />
  );
}

function ProductCta({ product }: { product: ArticleDetail }) {
  return (
    <section className="rc-cta" aria-labelledby="rc-cta-title" data-testid="product-cta">
      <div>
        <h2 id="rc-cta-title">想了解{product.title}在您单位的效果？</h2>
        <p>留下联系方式，产品顾问将在 1 个工作日内与您联系，安排演示与试用。</p>
      </div>
      <div className="rc-cta-actions">
        <Link className="site-button site-button--primary" to={contactHref(product.id, 'trial')}>
          申请试用
        </Link>
        <Link className="site-button" to={contactHref(product.id, 'contact')}>
          联系我们
        </Link>
      </div>
    </section>
  );
}
