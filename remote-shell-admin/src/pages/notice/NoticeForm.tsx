import { useEffect, useRef, useState } from 'react';
import { App, Form, Input, Modal, Radio, Select, Spin } from '@site/antd-kit';
import { addNotice, getNotice, updateNotice } from '@site/api-client';
import { NOTICE_AUDIENCE_LABELS, type NoticeForm as NoticeBody } from '@site/contract';
import { LazyRichText } from '../../components/rich-text/LazyRichText';
import { showServerFieldError } from '../../components/server-field-error';

/** Create (id null) or edit a notice; mounted afresh for each one. A refused save keeps what was typed. */
export function NoticeForm({
  id,
  types,
  onClose,
  onSaved,
}: {
  id: number | null;
  types: { dictValue: string; dictLabel: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<NoticeBody>();
  const [loading, setLoading] = useState(id !== null);
  const [saving, setSaving] = useState(false);

  // Load once per opened notice. The parent's re-renders (a new `types` array, a new onClose) must not reset what
  // the person has typed or chosen.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (id === null) {
      form.setFieldsValue({ status: '0', audience: 'all', noticeContent: '' });
      return;
    }
    getNotice(id)
      .then((r) => form.setFieldsValue(r.data))
      .catch(() => closeRef.current())
      .finally(() => setLoading(false));
  }, [id, form]);
  // A new notice starts with the first type once the dictionary is there, unless one was chosen already.
  useEffect(() => {
    if (id === null && !form.getFieldValue('noticeType') && types[0]) form.setFieldsValue({ noticeType: types[0].dictValue });
  }, [id, form, types]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body: NoticeBody = { ...v, noticeTitle: v.noticeTitle.trim(), noticeContent: v.noticeContent ?? '' };
      if (id === null) await addNotice(body);
      else await updateNotice(id, body);
      message.success('保存成功');
      onSaved();
    } catch (err) {
      showServerFieldError(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={id === null ? '添加公告' : '修改公告'}
      width={780}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText="保存"
      destroyOnHidden
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" className="notice-form">
          <Form.Item
            name="noticeTitle"
            label="公告标题"
            rules={[
              { required: true, whitespace: true, message: '公告标题不能为空' },
              { max: 50, message: '公告标题不能超过50个字符' },
            ]}
          >
            <Input maxLength={50} showCount />
          </Form.Item>
          <Form.Item name="noticeType" label="公告类型" rules={[{ required: true, message: '公告类型不能为空' }]}>
            <Select options={types.map((t) => ({ value: t.dictValue, label: t.dictLabel }))} />
          </Form.Item>
          <Form.Item name="audience" label="公告对象">
            <Radio.Group optionType="button" options={Object.entries(NOTICE_AUDIENCE_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: '0', label: '正常' },
                { value: '1', label: '关闭' },
              ]}
            />
          </Form.Item>
          <Form.Item name="noticeContent" label="内容">
            <LazyRichText />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
