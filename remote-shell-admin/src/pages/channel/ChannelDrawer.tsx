import { useEffect } from 'react';
import { Button, Drawer, Form, Input, Space, TreeSelect } from '@site/antd-kit';
import { addChannel, updateChannel } from '@site/api-client';
import type { ChannelAdmin, ChannelBody } from '@site/contract';
import { ImageField } from '../../components/ImageField';
import { filled, filledText, SwitchItem } from '../../components/form-fields';
import { useFormSave } from '../../components/use-form-save';

/** What the drawer edits: an existing channel, or a new one under `parentId` (null = top level). */
export type ChannelEdit = { channel: ChannelAdmin } | { parentId: number | null };

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}
/** Parent choices: the tree, with the edited channel and its descendants unavailable (it cannot move below itself). */
export function parentOptions(tree: ChannelAdmin[], self?: number, blocked = false): TreeOption[] {
  return tree.map((c) => ({
    value: c.id,
    title: c.name,
    disabled: blocked || c.id === self,
    children: parentOptions(c.children, self, blocked || c.id === self),
  }));
}

const EMPTY: Omit<ChannelBody, 'parentId'> = {
  name: '',
  alias: '',
  url: '',
  filePath: '',
  linkUrl: '',
  image: '',
  nav: false,
  allowSearch: false,
  targetBlank: false,
};

/** The add / edit drawer of 栏目管理: a bad field answered by the server shows beside it and the form keeps the input. */
export function ChannelDrawer({
  edit,
  tree,
  onClose,
  onSaved,
}: {
  edit: ChannelEdit | null;
  tree: ChannelAdmin[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<ChannelBody>();
  const current = edit && 'channel' in edit ? edit.channel : null;

  useEffect(() => {
    if (!edit) return;
    form.resetFields();
    if (current) {
      const { id: _i, children: _c, articleCount: _a, sort: _s, version: _v, ...fields } = current;
      form.setFieldsValue({ ...fields, linkUrl: fields.linkUrl ?? '', image: fields.image ?? '' });
    } else form.setFieldsValue({ ...EMPTY, parentId: 'parentId' in edit ? edit.parentId : null });
  }, [edit, current, form]);

  const { saving, save } = useFormSave<ChannelBody>(
    form,
    (values) => {
      const body = { ...values, parentId: values.parentId ?? null };
      return current ? updateChannel(current.id, { ...body, version: current.version }) : addChannel(body);
    },
    current ? '修改成功' : '新增成功',
    onSaved,
  );

  return (
    <Drawer
      open={!!edit}
      title={current ? `修改栏目：${current.name}` : '新增栏目'}
      size={520}
      onClose={onClose}
      destroyOnHidden
      className="channel-drawer"
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} name="channel-edit" layout="vertical" onFinish={save} preserve>
        <Form.Item name="parentId" label="上级栏目" extra="不选为顶级栏目">
          <TreeSelect allowClear treeDefaultExpandAll placeholder="顶级栏目" treeData={parentOptions(tree, current?.id)} />
        </Form.Item>
        <Form.Item name="name" label="栏目名称" rules={filledText('栏目名称', 50)}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="alias"
          label="栏目别名"
          rules={[filled('栏目别名'), { pattern: /^[A-Za-z][A-Za-z0-9_-]*$/, message: '栏目别名须以字母开头，只能包含字母、数字、下划线和短横线' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="url" label="栏目地址" extra="站内路径，如 /product">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="filePath" label="页面路径（filePath）" extra="栏目页面的路由键，如 product/index">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="linkUrl" label="转向链接" extra="站内路径或 http(s) 网址；填写后点击栏目打开此链接">
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="image" label="栏目图片">
          <ImageField label="栏目图片" />
        </Form.Item>
        <Space size="large" wrap>
          <SwitchItem name="nav" label="显示在导航" />
          <SwitchItem name="allowSearch" label="允许搜索" />
          <SwitchItem name="targetBlank" label="新窗口打开" />
        </Space>
      </Form>
    </Drawer>
  );
}
