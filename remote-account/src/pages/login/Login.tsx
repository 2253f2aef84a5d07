import { staticHead } from '@site/ui/render';
import { useState } from 'react';
import { Button, Divider, Tabs, WechatOutlined } from '@site/antd-kit';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isSafeInSitePath } from '@site/ui';
import { UserLayout } from '../../components/UserLayout';
import { useFinishLogin } from '../../components/useFinishLogin';
import { WX_LOGIN_CLOSED_TEXT, useWxLogin } from '../../components/useWxLogin';
import { CredentialsForm } from './CredentialsForm';
import { SmsLoginForm } from './SmsLoginForm';

export const head = staticHead('登录', '登录网站账号。');

type TabKey = 'account' | 'sms';

/**
 * /user/login. Query: `redirect` (in-site page to return to), `tab=sms` and `phone` (the SMS tab with the phone filled in),
 * `username` (after a password reset).
 */
export default function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishLogin();
  const [tab, setTab] = useState<TabKey>(params.get('tab') === 'sms' ? 'sms' : 'account');
  const redirect = params.get('redirect');
  const wx = useWxLogin();

  function wxLogin() {
    // Hand the page to come back to over explicitly: inside a single-page app the referrer is not it.
    navigate(isSafeInSitePath(redirect) ? `/toLogin?redirect=${encodeURIComponent(redirect)}` : '/toLogin');
  }

  return (
    <UserLayout title="登录">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
        centered
        items={[
          {
            key: 'account',
            label: '账号密码登录',
            children: <CredentialsForm onToken={finish} initialUsername={params.get('username') ?? undefined} />,
          },
          { key: 'sms', label: '短信登录', children: <SmsLoginForm onToken={finish} initialPhone={params.get('phone') ?? undefined} /> },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 12 }}>
        <Link to="/user/register">注册</Link>
        <Link to="/user/forgetPassword">忘记密码</Link>
      </div>
      <Divider plain>其他登录方式</Divider>
      <Button block icon={<WechatOutlined aria-hidden />} onClick={wxLogin} disabled={wx !== 'open'}>
        {wx === 'closed' ? WX_LOGIN_CLOSED_TEXT : '微信登录'}
      </Button>
    </UserLayout>
  );
}
