import { Link } from 'react-router-dom';
import { staticHead } from '@site/ui/render';
import { SiteFooter } from '../../components/footer/SiteFooter';

/** Its head: 页面不存在 - <company> (TITLE-1). */
export const head = staticHead('页面不存在', '您访问的页面不存在。');

/**
 * /404 (ROUTE-20): outside the public layout (ROUTE-19), in Chinese, with a way home, and with the site's footer
 * (a deviation from ROUTE-19: see the contract README) so a visitor can go on to any part of the site.
 * Plain HTML and the site's own styles, no antd: the page renderer writes it ahead, and the origin answers every
 * unknown path with it. 返回首页 is a link to `/`, so it leads home before the app runs too (and not to `/?`, as a
 * GET form would).
 */
export default function NotFound() {
  return (
    <>
      <main id="main-content" className="host-page host-page--center not-found-page">
        <p className="not-found-page__code" aria-hidden="true">
          404
        </p>
        <h1 className="host-page__h1">抱歉，您访问的页面不存在</h1>
        <p className="not-found-page__sub">请检查网址是否正确，或返回首页继续浏览。</p>
        <Link to="/" className="site-button site-button--primary">
          返回首页
        </Link>
      </main>
      <SiteFooter />
    </>
  );
}
