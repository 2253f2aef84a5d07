import { Alert, Button, Modal, Typography } from '@site/antd-kit';

/** The initial password of a new or reset account, shown this once (the server keeps only its hash). */
export function InitialPasswordModal({
  userName,
  password,
  reset,
  onClose,
}: {
  userName: string;
  password: string;
  reset: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={reset ? '密码已重置' : '用户已创建'}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title="初始密码只显示这一次，请立即转交给用户；用户首次登录后须修改密码。" style={{ marginBottom: 16 }} />
      <p>
        账号：<Typography.Text strong>{userName}</Typography.Text>
      </p>
      <p>
        初始密码：
        <Typography.Text code copyable={{ text: password }} className="initial-password">
          {password}
        </Typography.Text>
      </p>
    </Modal>
  );
}
