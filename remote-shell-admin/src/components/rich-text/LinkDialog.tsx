import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, Modal } from '@site/antd-kit';
import { isSiteOrWebUrl } from '@site/contract';

export interface LinkValue {
  href: string;
  newWindow: boolean;
}

/** The rule of the server's link fields, said where staff type the address. */
export const LINK_RULE_MSG = '链接只能是站内路径（以 / 开头）或 http(s) 网址';

/**
 * The editor's link dialog: the address (an in-site path or a clean http(s) URL, as block links) and
 * 新窗口打开. Editing a link offers 取消链接.
 */
export function LinkDialog({
  open,
  initial,
  onSubmit,
  onRemove,
  onClose,
}: {
  open: boolean;
  /** The link under the cursor; null for a new one. */
  initial: LinkValue | null;
  onSubmit: (v: LinkValue) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<LinkValue>();
  useEffect(() => {
    if (open) form.setFieldsValue(initial ?? { href: '', newWindow: false });
  }, [open, initial, form]);

  return (
    <Modal
      open={open}
      title={initial ? '编辑链接' : '插入链接'}
      onCancel={onClose}
      forceRender
      footer={[
        initial ? (
          <Button key="remove" danger onClick={onRemove}>
            取消链接
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={() => form.submit()}>
          确定
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => onSubmit({ href: v.href.trim(), newWindow: !!v.newWindow })}
        initialValues={{ href: '', newWindow: false }}
      >
        <Form.Item
          name="href"
          label="链接地址"
          extra="站内路径（如 /product）或 http(s) 网址"
          rules={[
            { required: true, whitespace: true, message: '请输入链接地址' },
            {
              validator: async (_r, v: string | undefined) =>
                !v?.trim() || isSiteOrWebUrl(v.trim()) ? undefined : Promise.reject(new Error(LINK_RULE_MSG)),
            },
          ]}
        >
          <Input maxLength={500} placeholder="/product 或 https://..." autoFocus />
        </Form.Item>
        <Form.Item name="newWindow" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>新窗口打开</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
