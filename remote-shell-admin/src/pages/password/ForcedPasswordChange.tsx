import { Alert, Button, Card } from '@site/antd-kit';
import { confirmLogout, loadUserInfo } from '@site/app-runtime';
import { PasswordForm } from './PasswordForm';

/** RuoYi's prompt for an account still on its initial (or a reset) password. */
export const INITIAL_PASSWORD_TEXT = '您的密码还是初始密码，请修改密码！';

/**
 * Shown by the shell instead of everything else while /getInfo says isDefaultModifyPwd (the server answers other
 * calls with 403 请先修改初始密码 until then). After the change /getInfo is read again; its cleared flag opens the shell.
 */
export function ForcedPasswordChange() {
  return (
    <div style={{ minHeight: '70vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>修改初始密码</h1>} style={{ width: '100%', maxWidth: 480 }}>
        <Alert type="warning" showIcon title={INITIAL_PASSWORD_TEXT} style={{ marginBottom: 24 }} />
        <PasswordForm onChanged={loadUserInfo} />
        <Button type="link" onClick={confirmLogout} style={{ paddingLeft: 0, marginTop: 16 }}>
          退出登录
        </Button>
      </Card>
    </div>
  );
}
