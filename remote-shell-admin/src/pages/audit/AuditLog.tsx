import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { Button, DatePicker, Form, Input, Modal, SearchOutlined, Select, Tag } from '@site/ui-kit';
import { listAuditLog } from '@site/api';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, type AuditLogEntry, type AuditLogQuery } from '@site/contract';
import { Action } from '@site/runtime';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { usePagedList } from '../../components/use-paged-list';
import { fieldChanges, type FieldChange } from './audit-diff';

const PAGE_SIZE = 20;
/** The route permission of 操作日志. */
export const AUDIT_PERMISSION_ID = 'system:audit';

interface SearchValues {
  userName?: string;
  resource?: AuditLogQuery['resource'];
  action?: AuditLogQuery['action'];
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const resourceLabel = (r: string) => (AUDIT_RESOURCE_LABELS as Record<string, string>)[r] ?? r;
const actionLabel = (a: string) => (AUDIT_ACTION_LABELS as Record<string, string>)[a] ?? a;

/** 操作日志 (system/audit/index): every write by staff; a row opens its values before and after, side by side. */
export default function AuditLog() {
  const [query, setQuery] = useState<AuditLogQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const { rows, total, loading } = usePagedList(listAuditLog, query);
  const [open, setOpen] = useState<AuditLogEntry | null>(null);

  function search(v: SearchValues) {
    const [from, to] = v.range ?? [];
    setQuery({
      pageNum: 1,
      pageSize: PAGE_SIZE,
      userName: v.userName || undefined,
      resource: v.resource,
      action: v.action,
      targetId: v.targetId || undefined,
      beginTime: from ? from.format('YYYY-MM-DD') : undefined,
      endTime: to ? to.format('YYYY-MM-DD') : undefined,
    });
  }

  return (
    <PageSection title="操作记录">
      <Form layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="userName" label="操作人">
          <Input allowClear placeholder="账号" maxLength={64} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="resource" label="操作对象">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={Object.entries(AUDIT_RESOURCE_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="action" label="操作类型">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="targetId" label="对象ID">
          <Input allowClear maxLength={200} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="range" label="操作日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Action permissionId={AUDIT_PERMISSION_ID} action="query">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Action>
      </Form>
      <ShellTable<AuditLogEntry>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无操作记录' }}
        onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          { title: '时间', dataIndex: 'createTime', width: 170 },
          { title: '操作人', dataIndex: 'userName', width: 120 },
          { title: '操作对象', dataIndex: 'resource', width: 100, render: (v: string) => <Tag>{resourceLabel(v)}</Tag> },
          { title: '操作类型', dataIndex: 'action', width: 100, render: (v: string) => actionLabel(v) },
          { title: '对象ID', dataIndex: 'targetId', width: 100, ellipsis: true },
          { title: '摘要', dataIndex: 'summary', ellipsis: true },
          { title: 'IP', dataIndex: 'ip', width: 130 },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r)}>
                详情
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!open}
        width={900}
        footer={null}
        onCancel={() => setOpen(null)}
        destroyOnHidden
        title={open ? `${resourceLabel(open.resource)} · ${actionLabel(open.action)} · ${open.summary}` : ''}
      >
        {open && (
          <>
            <p style={{ color: '#888' }}>
              {open.createTime} · {open.userName} · {open.ip ?? ''} · 对象ID {open.targetId ?? '—'}
            </p>
            <ShellTable<FieldChange>
              className="audit-diff"
              rowKey="field"
              pagination={false}
              dataSource={fieldChanges(open.before, open.after)}
              rowClassName={(r) => (r.changed ? 'audit-changed' : '')}
              locale={{ emptyText: '无字段记录' }}
              columns={[
                { title: '字段', dataIndex: 'field', width: 140, render: (v: string, r) => (r.changed ? <strong>{v}</strong> : v) },
                { title: '修改前', dataIndex: 'before', render: (v: string, r) => <DiffCell text={v} changed={r.changed} side="before" /> },
                { title: '修改后', dataIndex: 'after', render: (v: string, r) => <DiffCell text={v} changed={r.changed} side="after" /> },
              ]}
            />
          </>
        )}
      </Modal>
    </PageSection>
  );
}

function DiffCell({ text, changed, side }: { text: string; changed: boolean; side: 'before' | 'after' }) {
  const style = changed ? { background: side === 'before' ? 'rgba(255,77,79,0.12)' : 'rgba(82,196,26,0.15)', padding: '0 4px' } : undefined;
  return (
    <span style={{ ...style, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-changed={changed || undefined}>
      {text.length > 500 ? `${text.slice(0, 500)}…` : text}
    </span>
  );
}
