import { Form, Input, type FormRule } from '@site/antd-kit';
import type { Captcha } from './useCaptcha';

interface Props {
  captcha: Captcha | null;
  onRefresh: () => void;
  /** The input's id (unique on the page). */
  id: string;
  /** The form field that holds the typed answer. */
  name: string;
  label: string;
  rules: FormRule[];
}

/** The captcha input beside its image (`useCaptcha`); a click on the image fetches a new one. */
export function CaptchaField({ captcha, onRefresh, id, name, label, rules }: Props) {
  return (
    <Form.Item label={label} required htmlFor={id}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name={name} rules={rules} noStyle>
          <Input id={id} placeholder={`请输入${label}`} maxLength={8} autoComplete="off" style={{ flex: 1 }} />
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
          {captcha ? <img src={captcha.src} alt={label} style={{ height: 30, width: 108, display: 'block' }} /> : '点击加载'}
        </button>
      </div>
    </Form.Item>
  );
}
