import { useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Space, Tag, DeleteOutlined, SaveOutlined } from '@site/antd-kit';
import { addBlockItem, updateBlockItem } from '@site/api-client';
import type { BlockItemAdmin, BlockItemBody } from '@site/contract';
import { Action } from '@site/app-runtime';
import { ImageField } from '../../components/ImageField';
import { filled, SwitchItem } from '../../components/form-fields';
import { useFormSave } from '../../components/use-form-save';
import { DragHandle } from '../../components/SortableRow';

export const BLOCK_PERMISSION_ID = 'content:block';
type Values = Omit<BlockItemBody, 'blockId'>;

const valuesOf = (item: BlockItemAdmin | null): Values => ({
  title: item?.title ?? '',
  subtitle: item?.subtitle ?? '',
  description: item?.description ?? '',
  url: item?.url ?? '',
  image: item?.image ?? '',
  targetBlank: item?.targetBlank ?? false,
  enabled: item?.enabled ?? true,
});

/**
 * One block item edited in place: its own form and 保存 (enabled once something changed). A new item (`item` null)
 * is created by its first save. A bad field answered by the server shows beside it; the typed values stay.
 */
export function BlockItemCard({
  blockId,
  item,
  index,
  canDrag,
  onSaved,
  onDelete,
}: {
  blockId: number;
  item: BlockItemAdmin | null;
  index: number;
  canDrag: boolean;
  onSaved: () => void;
  onDelete: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(!item);
  const label = item ? item.title : '新内容';
  const { saving, save } = useFormSave<Values>(
    form,
    (v) => (item ? updateBlockItem(item.id, { ...v, version: item.version }) : addBlockItem({ ...v, blockId })),
    item ? '保存成功' : '新增成功',
    () => {
      setDirty(false);
      onSaved();
    },
  );

  return (
    <Card
      size="small"
      className="block-item-card"
      data-item-id={item?.id ?? 'new'}
      style={{ marginBottom: 12 }}
      title={
        <Space>
          <DragHandle label={`拖动排序：${label}`} disabled={!canDrag || !item} />
          <span>#{index + 1}</span>
          {item && !item.enabled ? <Tag>已停用</Tag> : null}
          {!item ? <Tag color="blue">未保存</Tag> : null}
        </Space>
      }
      extra={
        <Space>
          <Action permissionId={BLOCK_PERMISSION_ID} action={item ? 'edit' : 'add'}>
            <Button type="primary" size="small" icon={<SaveOutlined />} disabled={!dirty} loading={saving} onClick={() => form.submit()}>
              保存
            </Button>
          </Action>
          {item ? (
            <Action permissionId={BLOCK_PERMISSION_ID} action="delete">
              <Button size="small" danger icon={<DeleteOutlined />} onClick={onDelete} aria-label={`删除：${label}`}>
                删除
              </Button>
            </Action>
          ) : (
            <Button size="small" onClick={onDelete}>
              取消
            </Button>
          )}
        </Space>
      }
    >
      <Form
        form={form}
        name={`block-item-${item?.id ?? 'new'}`}
        layout="vertical"
        initialValues={valuesOf(item)}
        onFinish={save}
        onValuesChange={() => setDirty(true)}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label="标题" rules={[filled('标题')]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subtitle" label="副标题">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="url" label="链接" extra="站内路径（以 / 开头）或 http(s) 网址">
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="image" label="图片">
              <ImageField label="图片" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="描述">
              <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col>
            <Space size="large">
              <SwitchItem name="targetBlank" label="新窗口打开" />
              <SwitchItem name="enabled" label="启用" />
            </Space>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
