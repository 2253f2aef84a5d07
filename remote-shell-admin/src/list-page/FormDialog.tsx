import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Drawer, Form, Modal, Space, Spin, type FormInstance } from '@site/antd-kit';
import { showServerFieldError } from '../components/server-field-error';

export interface FormDialogProps<V extends object> {
  form: FormInstance<V>;
  title: ReactNode;
  /** A modal with 保存 in its footer, or a drawer with 保存 at the top right (after `extra`). */
  kind?: 'modal' | 'drawer';
  width?: number;
  /** The form's name (prefixes its fields' ids) and class, where tests or styles find it by them. */
  name?: string;
  className?: string;
  initialValues?: Partial<V>;
  /** Values fetched once when the dialog opens (a spinner meanwhile); a failed fetch closes the dialog. */
  load?: () => Promise<Partial<V>>;
  /** Saves the checked values; a 400 answer naming a field is shown under that field and the dialog stays open. */
  submit: (values: V) => Promise<unknown>;
  /** The form's top-level fields (see showServerFieldError); without them a dotted field names a nested one. */
  fields?: readonly string[];
  /** A refused save whose answer names no field of this form (the request client has shown its message). */
  onOtherError?: (error: unknown) => void;
  onClose: () => void;
  /** More buttons beside 保存 (drawer only). */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * The create/edit dialog of a list page: validates, saves, keeps what was typed when the server refuses and puts the
 * server's message under the field it names. Mounted afresh for each record (the page renders it while editing).
 */
export function FormDialog<V extends object>(p: FormDialogProps<V>) {
  const { form } = p;
  const [loading, setLoading] = useState(!!p.load);
  const [saving, setSaving] = useState(false);

  // Fetched once per opened record: the page's re-renders (a new onClose, a new `load`) must not reset what was typed.
  const first = useRef({ load: p.load, close: p.onClose });
  useEffect(() => {
    first.current.close = p.onClose;
  });
  useEffect(() => {
    const { load } = first.current;
    if (!load) return;
    let alive = true;
    load()
      .then(
        (values) => alive && form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]),
        () => alive && first.current.close(),
      )
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [form]);

  const save = async () => {
    if (loading) return;
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what its rules refused
    }
    setSaving(true);
    try {
      await p.submit(values);
    } catch (err) {
      if (!showServerFieldError(form, err, p.fields)) p.onOtherError?.(err);
    } finally {
      setSaving(false);
    }
  };

  const body = (
    <Form form={form} name={p.name} className={p.className} layout="vertical" initialValues={p.initialValues}>
      {p.children}
    </Form>
  );
  const content = p.load ? <Spin spinning={loading}>{body}</Spin> : body;
  if (p.kind === 'drawer')
    return (
      <Drawer
        open
        width={p.width}
        title={p.title}
        onClose={p.onClose}
        destroyOnHidden
        extra={
          <Space>
            {p.extra}
            <Button type="primary" loading={saving} onClick={() => void save()}>
              保存
            </Button>
          </Space>
        }
      >
        {content}
      </Drawer>
    );
  return (
    <Modal open title={p.title} width={p.width} okText="保存" onOk={() => void save()} confirmLoading={saving} onCancel={p.onClose} destroyOnHidden>
      {content}
    </Modal>
  );
}
