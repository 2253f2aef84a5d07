import { staticHead } from '@site/ui/render';
import { SITE_DESCRIPTION } from '@site/contract';
import { useEffect, useRef, useState } from 'react';
import { Result, Spin } from '@site/antd-kit';
import { Link, useNavigate } from 'react-router-dom';
import { completeLogin, getToken } from '@site/app-runtime';
import { takeReUrl } from '@site/ui';
import { UserLayout } from '../../components/UserLayout';

export const head = staticHead('微信登录', SITE_DESCRIPTION);

/**
 * /wxauth: the authorisation callback has set the access_token (and openid) cookies. Finish the sign-in
 * and go back to the remembered in-site page (reUrl) or /index.
 */
export default function WxAuth() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(() => !getToken());
  // Once per visit, also under StrictMode's double effects: the login event must not fire twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = getToken();
    if (!token) return;
    // completeLogin re-stores the token (7-day cookie), loads /getInfo and emits `login`.
    completeLogin(token).then(
      () => navigate(takeReUrl(window.location.origin), { replace: true }),
      () => setFailed(true),
    );
  }, [navigate]);

  return (
    <UserLayout title="微信登录">
      {failed ? (
        <Result
          status="error"
          title="微信授权失败"
          subTitle="未能完成微信登录，请重新授权或使用其他方式登录。"
          extra={<Link to="/user/login">返回登录</Link>}
        />
      ) : (
        <div role="status" style={{ textAlign: 'center', padding: '24px 0' }}>
          <Spin />
          <p style={{ marginTop: 12 }}>正在登录…</p>
        </div>
      )}
    </UserLayout>
  );
}
