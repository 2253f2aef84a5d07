import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../federation/RemotePage';
import { SiteHeader } from '../components/header/SiteHeader';
import { SiteFooter } from '../components/footer/SiteFooter';

/**
 * Header, content keyed by the full path (the same page with another ?id renders anew, ROUTE-4), footer. Each of the
 * three is its own Suspense boundary: on a rendered page React hydrates and commits them one by one, in tasks of
 * their own, and first the one a visitor presses in. Header and footer never suspend after that (their data is the
 * shell's, loaded before the first render).
 */
export function PublicLayout() {
  const { pathname, search } = useLocation();
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main-content">
        跳到主要内容
      </a>
      <Suspense fallback={null}>
        <SiteHeader />
      </Suspense>
      <main id="main-content" className="site-main" tabIndex={-1}>
        {/* Above the page's key: a navigation keeps the previous page until the next one is ready. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet key={pathname + search} />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
