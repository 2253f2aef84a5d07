import { Form, Input } from '@site/antd-kit';
import { rules } from '../../components/rules';

export interface Captcha {
  uuid: string;
  /** data: URL of the SVG image. */
  src: string;
}

interface Props {
  captcha: Captcha | null;
  onRefresh: () => void;
}

/** 验证码 input beside the captcha image; a click on the image fetches a new one. */
export function CaptchaField({ captcha, onRefresh }: Props) {
  return (
    <Form.Item label="验证码" required htmlFor="login-captcha">
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="code" rules={rules.captcha} noStyle>
          <Input id="login-captcha" placeholder="请输入验证码" maxLength={8} autoComplete="off" style={{ flex: 1 }} />
        </Form.Item>
        <button
          type="button"
          onClick={onRefresh}
          aria-label="看不清？换一张"
          title="看不清？换一张"
          style={{
            padding: 0,
            border: '1px solid #d9d9d9',
            borderRadius: 6,
            background: '#fff',
            cursor: 'pointer',
            height: 32,
            width: 110,
            flex: 'none',
          }}
        >
          {captcha ? <img src={captcha.src} alt="验证码" style={{ height: 30, width: 108, display: 'block' }} /> : '获取验证码'}
        </button>
      </div>
    </Form.Item>
  );
}
