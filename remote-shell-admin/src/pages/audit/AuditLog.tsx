import { useEffect, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { Button, Descriptions, Form, Input, Modal, SearchOutlined, Select, Tag } from '@site/antd-kit';
import { DateRangeInput } from '../../components/DateInputs';
import { getAuditLog } from '@site/api-client';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, type AuditLogEntry, type AuditLogQuery } from '@site/contract';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { changedFields } from './changed-fields';

const PAGE_SIZE = 20;

interface SearchValues {
  userName?: string;
  resource?: AuditLogQuery['resource'];
  action?: AuditLogQuery['action'];
  targetId?: string;
  range?: [Dayjs, Dayjs] | null;
}

const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** 操作日志 (system/audit/index): every write by staff, searchable; a row opens its before and after side by side. */
export default function AuditLog() {
  const [query, setQuery] = useState<AuditLogQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const [data, setData] = useState<{ rows: AuditLogEntry[]; total: number }>({ rows: [], total: 0 });
  const [settled, setSettled] = useState<AuditLogQuery | null>(null);
  const [open, setOpen] = useState<AuditLogEntry | null>(null);

  useEffect(() => {
    let alive = true;
    getAuditLog(query)
      .then(
        (r) => alive && setData({ rows: r.rows ?? [], total: r.total ?? 0 }),
        () => undefined,
      )
      .finally(() => alive && setSettled(query));
    return () => {
      alive = false;
    };
  }, [query]);

  const search = (v: SearchValues) =>
    setQuery({
      pageNum: 1,
      pageSize: PAGE_SIZE,
      userName: v.userName?.trim() || undefined,
      resource: v.resource,
      action: v.action,
      targetId: v.targetId?.trim() || undefined,
      beginTime: v.range?.[0]?.format('YYYY-MM-DD'),
      endTime: v.range?.[1]?.format('YYYY-MM-DD'),
    });

  const before = (open?.before ?? {}) as Record<string, unknown>;
  const after = (open?.after ?? {}) as Record<string, unknown>;
  const changed = new Set(open ? changedFields(open.before, open.after) : []);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];

  return (
    <PageSection title="操作日志">
      <Form layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }} className="audit-search">
        <Form.Item name="userName" label="操作人">
          <Input allowClear maxLength={64} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="resource" label="对象">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={Object.entries(AUDIT_RESOURCE_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="targetId" label="对象编号">
          <Input allowClear maxLength={20} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DateRangeInput />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      <ShellTable<AuditLogEntry>
        rowKey="id"
        loading={settled !== query}
        dataSource={data.rows}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无记录' }}
        onRow={(r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } })}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total: data.total,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          { title: '时间', dataIndex: 'createTime', width: 170 },
          { title: '操作人', dataIndex: 'userName', width: 110 },
          { title: '对象', dataIndex: 'resource', width: 100, render: (v: AuditLogEntry['resource']) => AUDIT_RESOURCE_LABELS[v] ?? v },
          { title: '操作', dataIndex: 'action', width: 100, render: (v: AuditLogEntry['action']) => <Tag>{AUDIT_ACTION_LABELS[v] ?? v}</Tag> },
          { title: '编号', dataIndex: 'targetId', width: 90 },
          { title: '内容', dataIndex: 'summary', ellipsis: true },
          { title: '来源地址', dataIndex: 'ip', width: 140 },
        ]}
      />
      <Modal open={!!open} onCancel={() => setOpen(null)} footer={null} width={900} title="修改前后对比" destroyOnHidden>
        {open && (
          <Descriptions
            bordered
            size="small"
            column={1}
            className="audit-diff"
            items={[
              { key: '__who', label: '操作', children: `${open.userName} · ${AUDIT_ACTION_LABELS[open.action] ?? open.action} · ${open.createTime}` },
              ...keys.map((k) => ({
                key: k,
                label: changed.has(k) ? <strong>{k}（已修改）</strong> : k,
                children: (
                  <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12, wordBreak: 'break-all' }}>
                    <span style={{ color: changed.has(k) ? '#cf1322' : undefined }}>{show(before[k])}</span>
                    <span style={{ color: changed.has(k) ? '#389e0d' : undefined }}>{show(after[k])}</span>
                  </div>
                ),
              })),
            ]}
          />
        )}
      </Modal>
    </PageSection>
  );
}
