import { useEffect, useState } from 'react';
import { Alert, App, Avatar, Button, Col, Form, Input, Row, Skeleton, Space, Typography, Upload, UploadOutlined, UserOutlined } from '@site/antd-kit';
import { getProfile, sendSmsCode, updateProfile } from '@site/api-client';
import { type ProfileUpdateBody, type UserInfo } from '@site/contract';
import { loadUserInfo } from '@site/app-runtime';
import { useChanged } from '../../data/shell-query';
import { useCountdown } from '@site/ui';
import { PageSection } from '../../components/PageSection';
import { FooterToolbar } from '../../components/FooterToolbar';
import { atMost, filledText } from '../../components/form-fields';
import { acceptAvatar, sendAvatar } from './avatar-upload';
import { PasswordForm } from '../password/PasswordForm';

const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * 获取验证码 for a new phone number: the server changes the number only with a code sent to it (purpose `phone`), so
 * nobody claims a number that is not theirs. The code field is required while the number differs from the current one.
 */
function PhoneCodeField({ phone }: { phone: string }) {
  const { left, running, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const valid = PHONE_PATTERN.test(phone);
  const send = async () => {
    setSending(true);
    try {
      await sendSmsCode(phone, 'phone');
      start();
    } catch {
      /* the HTTP client showed the server's reason; the button stays usable */
    } finally {
      setSending(false);
    }
  };
  return (
    <Form.Item label="短信验证码" required htmlFor="account-settings-code" extra="验证码将发送到新手机号码">
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入短信验证码' }]}>
          <Input id="account-settings-code" maxLength={8} inputMode="numeric" autoComplete="one-time-code" placeholder="请输入短信验证码" />
        </Form.Item>
        <Button onClick={() => void send()} disabled={running || !valid} loading={sending} style={{ minWidth: 130 }}>
          {running ? `${left}秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** /account/settings: nick name, phone (a new one with an SMS code), e-mail, the avatar (2 MB image rule) and the password. */
export default function AccountSettings() {
  const { message } = App.useApp();
  const changed = useChanged();
  const [form] = Form.useForm<ProfileUpdateBody>();
  const [user, setUser] = useState<UserInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const phone = (Form.useWatch('phonenumber', form) ?? '').trim();
  const phoneChanged = !!user && phone !== '' && phone !== (user.phonenumber ?? '');

  useEffect(() => {
    let alive = true;
    getProfile()
      .then((r) => {
        if (!alive) return;
        setUser(r.data);
        form.setFieldsValue({ nickName: r.data.nickName, phonenumber: r.data.phonenumber ?? '', email: r.data.email ?? '' });
      })
      .catch((e: Error) => alive && setError(e.message || '个人信息加载失败'));
    return () => {
      alive = false;
    };
  }, [form]);

  const save = async (v: ProfileUpdateBody) => {
    setSaving(true);
    try {
      const phonenumber = v.phonenumber?.trim() ?? '';
      const code = phonenumber !== (user?.phonenumber ?? '') ? v.code?.trim() : undefined;
      await updateProfile({ nickName: v.nickName.trim(), phonenumber, email: v.email?.trim() ?? '', ...(code ? { code } : {}) });
      void message.success('修改成功');
      setUser((u) => (u ? { ...u, nickName: v.nickName.trim(), phonenumber, email: v.email?.trim() ?? '' } : u));
      form.setFieldValue('code', undefined);
      // The header shows the nick name from the auth store: refresh it; 个人中心 shows the profile.
      void changed('profile');
      await loadUserInfo().catch(() => undefined);
    } catch {
      /* the HTTP client showed the server's reason */
    } finally {
      setSaving(false);
    }
  };

  if (error) return <Alert type="error" showIcon title="个人信息加载失败" description={error} />;
  if (!user) return <Skeleton active />;

  return (
    <>
      <PageSection title="基本设置">
        <Row gutter={32}>
          <Col xs={24} md={14}>
            <Form form={form} layout="vertical" onFinish={(v) => void save(v)} className="account-settings-form">
              <Form.Item name="nickName" label="昵称" rules={filledText('昵称', 30, '请输入昵称')}>
                <Input maxLength={30} placeholder="请输入昵称" />
              </Form.Item>
              <Form.Item name="phonenumber" label="手机号码" rules={[{ pattern: /^(1[3-9]\d{9})?$/, message: '请输入正确的手机号码' }]}>
                <Input maxLength={11} inputMode="tel" placeholder="请输入手机号码" />
              </Form.Item>
              {phoneChanged && <PhoneCodeField phone={phone} />}
              <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }, atMost('邮箱', 50)]}>
                <Input maxLength={50} placeholder="请输入邮箱" />
              </Form.Item>
              <FooterToolbar>
                <Button type="primary" htmlType="submit" loading={saving}>
                  保存
                </Button>
              </FooterToolbar>
            </Form>
          </Col>
          <Col xs={24} md={10}>
            <Space orientation="vertical" align="center" style={{ width: '100%' }}>
              <Typography.Text>头像</Typography.Text>
              <Avatar size={104} src={user.avatar || undefined} icon={<UserOutlined />} alt="当前头像" />
              <Upload
                accept="image/*"
                showUploadList={false}
                beforeUpload={(file) => (acceptAvatar(file) ? true : Upload.LIST_IGNORE)}
                customRequest={async ({ file, onSuccess, onError }) => {
                  setUploading(true);
                  const url = await sendAvatar(file as File);
                  setUploading(false);
                  if (url) {
                    setUser((u) => (u ? { ...u, avatar: url } : u));
                    void message.success('头像更新成功');
                    onSuccess?.({ url });
                    void changed('profile');
                    await loadUserInfo().catch(() => undefined);
                  } else onError?.(new Error('上传失败'));
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  更换头像
                </Button>
              </Upload>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                支持 jpg、png、gif、webp 图片，大小不超过 2MB
              </Typography.Text>
            </Space>
          </Col>
        </Row>
      </PageSection>
      <PageSection title="修改密码">
        <PasswordForm />
      </PageSection>
    </>
  );
}
