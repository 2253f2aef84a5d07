import { useEffect, useState } from 'react';
import { Button, Form, Input, message } from '@site/antd-kit';
import { postMessageBoard } from '@site/api-client';
import { RULES } from './rules';
import { useCaptcha } from './useCaptcha';

interface Values {
  title: string;
  text: string;
  nickname: string;
  phone: string;
  email?: string;
  captcha?: string;
}

/**
 * 在线留言: validated in Chinese, sent to POST /api/message-board. On success the form clears; on failure
 * (the shared client has already shown the server's message) everything typed stays, only the used
 * captcha is replaced and its answer cleared. `initialTitle` (a product inquiry) fills an empty title.
 */
export function MessageBoardForm({ initialTitle }: { initialTitle?: string }) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (initialTitle && !form.getFieldValue('title')) form.setFieldValue('title', initialTitle);
  }, [form, initialTitle]);
  const [messageApi, messageHolder] = message.useMessage();
  const { captcha, refresh } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      const res = await postMessageBoard({
        title: values.title.trim(),
        text: values.text.trim(),
        nickname: values.nickname.trim(),
        phone: values.phone,
        email: values.email?.trim() || undefined,
        captcha: values.captcha?.trim() ?? '',
        uuid: captcha.status === 'ready' ? captcha.uuid : '',
      });
      messageApi.success(res?.msg || '留言成功');
      form.resetFields();
    } catch {
      form.setFieldValue('captcha', '');
    } finally {
      setSubmitting(false);
      refresh();
    }
  };

  return (
    <>
      {messageHolder}
      <Form form={form} name="messageBoard" layout="vertical" onFinish={onFinish} autoComplete="on" requiredMark>
        <Form.Item label="标题" name="title" rules={RULES.title}>
          <Input maxLength={100} placeholder="请输入标题" />
        </Form.Item>
        <Form.Item label="内容" name="text" rules={RULES.text}>
          <Input.TextArea rows={5} maxLength={2000} showCount placeholder="请输入留言内容" />
        </Form.Item>
        <Form.Item label="姓名" name="nickname" rules={RULES.nickname}>
          <Input maxLength={50} autoComplete="name" placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item label="联系电话" name="phone" rules={RULES.phone}>
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="请输入手机号码" />
        </Form.Item>
        {/* inputMode, not type="email": the browser's own check would block the submit before the Chinese messages show. */}
        <Form.Item label="邮箱" name="email" rules={RULES.email}>
          <Input maxLength={100} inputMode="email" autoComplete="email" placeholder="请输入邮箱（选填）" />
        </Form.Item>
        {captcha.status !== 'disabled' && (
          <Form.Item label="验证码" htmlFor="messageBoard_captcha" required>
            <div className="rc-captcha">
              <Form.Item name="captcha" rules={RULES.captcha} noStyle>
                <Input id="messageBoard_captcha" maxLength={8} autoComplete="off" placeholder="请输入验证码" aria-label="验证码" />
              </Form.Item>
              {captcha.status === 'ready' ? (
                <button
                  type="button"
                  onClick={refresh}
                  title="看不清？点击换一张"
                  aria-label="看不清？点击换一张"
                  style={{ padding: 0, border: 0, background: 'none' }}
                >
                  <img src={captcha.src} alt="验证码" width={120} height={40} />
                </button>
              ) : (
                <Button onClick={refresh} loading={captcha.status === 'loading'}>
                  {captcha.status === 'failed' ? '验证码加载失败，点击重试' : '加载中'}
                </Button>
              )}
            </div>
          </Form.Item>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={submitting}>
            提交留言
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
