import { useEffect } from 'react';
import { Spin } from '@site/ui-kit';
import { useLocation, useSearchParams } from 'react-router-dom';
import { UserLayout } from '../../components/UserLayout';
import { currentUrlForReUrl, startWxLogin } from './wxLogin';

/** /toLogin: starts the messaging-app sign-in (WX-3, WX-4). */
export default function ToLogin() {
  const [params] = useSearchParams();
  const location = useLocation();
  const redirect = params.get('redirect');
  const stateFrom = (location.state as { from?: unknown } | null)?.from;

  useEffect(() => {
    const current = currentUrlForReUrl({
      redirect,
      stateFrom,
      referrer: document.referrer,
      href: window.location.href,
      origin: window.location.origin,
    });
    return startWxLogin(current);
  }, [redirect, stateFrom]);

  return (
    <UserLayout title="微信登录">
      <div role="status" style={{ textAlign: 'center', padding: '24px 0' }}>
        <Spin />
        <p style={{ marginTop: 12 }}>正在跳转到微信授权…</p>
      </div>
    </UserLayout>
  );
}
