import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../app/RemotePage';
import { SiteHeader } from '../components/header/SiteHeader';
import { SiteFooter } from '../components/footer/SiteFooter';

/** Header, content keyed by the full path (the same page with another ?id renders anew, ROUTE-4), footer. */
export function PublicLayout() {
  const { pathname, search } = useLocation();
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main-content">
        跳到主要内容
      </a>
      <SiteHeader />
      <main id="main-content" className="site-main" tabIndex={-1}>
        {/* Above the page's key: a navigation keeps the previous page until the next one is ready. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet key={pathname + search} />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
