import { staticHead } from '@site/ui/render';
import { SITE_DESCRIPTION } from '@site/contract';
import { useEffect } from 'react';
import { Result, Spin } from '@site/antd-kit';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { UserLayout } from '../../components/UserLayout';
import { WX_LOGIN_CLOSED_TEXT, useWxLogin } from '../../components/useWxLogin';
import { currentUrlForReUrl, startWxLogin } from './wxLogin';

export const head = staticHead('微信登录', SITE_DESCRIPTION);

/** /toLogin: starts the messaging-app sign-in (WX-3, WX-4), only when the server has it open. */
export default function ToLogin() {
  const [params] = useSearchParams();
  const location = useLocation();
  const redirect = params.get('redirect');
  const stateFrom = (location.state as { from?: unknown } | null)?.from;
  const wx = useWxLogin();

  useEffect(() => {
    if (wx !== 'open') return;
    const current = currentUrlForReUrl({
      redirect,
      stateFrom,
      referrer: document.referrer,
      href: window.location.href,
      origin: window.location.origin,
    });
    return startWxLogin(current);
  }, [redirect, stateFrom, wx]);

  return (
    <UserLayout title="微信登录">
      {wx === 'closed' ? (
        <Result
          status="info"
          title={WX_LOGIN_CLOSED_TEXT}
          subTitle="请使用账号密码或短信验证码登录。"
          extra={<Link to="/user/login">返回登录</Link>}
        />
      ) : (
        <div role="status" style={{ textAlign: 'center', padding: '24px 0' }}>
          <Spin />
          <p style={{ marginTop: 12 }}>{wx === 'open' ? '正在跳转到微信授权…' : '正在检查微信登录…'}</p>
        </div>
      )}
    </UserLayout>
  );
}
