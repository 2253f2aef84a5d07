import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Radio, Select } from '@site/antd-kit';
import { addNotice, updateNotice } from '@site/api-client';
import { noticeQuery } from '../../data/queries';
import { NOTICE_AUDIENCE_LABELS, type NoticeForm as NoticeBody } from '@site/contract';
import { LazyRichText } from '../../components/rich-text/LazyRichText';
import { filledText } from '../../components/form-fields';
import { FormDialog } from '../../list-page';

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
  const client = useQueryClient();

  // A new notice starts with the first type once the dictionary is there, unless one was chosen already.
  useEffect(() => {
    if (id === null && !form.getFieldValue('noticeType') && types[0]) form.setFieldsValue({ noticeType: types[0].dictValue });
  }, [id, form, types]);

  const submit = async (v: NoticeBody) => {
    const body: NoticeBody = { ...v, noticeTitle: v.noticeTitle.trim(), noticeContent: v.noticeContent ?? '' };
    if (id === null) await addNotice(body);
    else await updateNotice(id, body);
    void message.success('保存成功');
    onSaved();
  };

  return (
    <FormDialog
      form={form}
      className="notice-form"
      title={id === null ? '添加公告' : '修改公告'}
      width={780}
      initialValues={id === null ? { status: '0', audience: 'all', noticeContent: '' } : undefined}
      load={id === null ? undefined : () => client.fetchQuery({ ...noticeQuery(id), staleTime: 0 })}
      submit={submit}
      onClose={onClose}
    >
      <Form.Item name="noticeTitle" label="公告标题" rules={filledText('公告标题', 50)}>
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
    </FormDialog>
  );
}
