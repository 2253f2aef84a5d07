import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../app/RemotePage';
import { useCompany } from '../site-data/site-data';

/** Sign-in, registration and password pages: a simple centred card without the public header. */
export function AccountLayout() {
  const company = useCompany();
  const { pathname, search } = useLocation();
  return (
    <div className="account-layout">
      <header className="account-layout__top">
        <Link to="/" className="account-layout__home">
          {company?.image && <img src={company.image} alt="" height={32} />}
          <span>{company?.title ?? ''}</span>
          <span className="account-layout__back">返回首页</span>
        </Link>
      </header>
      <main id="main-content" className="account-layout__card">
        <Suspense fallback={<PageLoading />}>
          <Outlet key={pathname + search} />
        </Suspense>
      </main>
    </div>
  );
}
