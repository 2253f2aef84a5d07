import { useState } from 'react';
import { Descriptions, Modal, Tag } from '@site/antd-kit';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, type AuditLogEntry } from '@site/contract';
import { lists } from '../../data/queries';
import { labelOptions, ListPage, useListPage } from '../../list-page';
import { changedFields } from './changed-fields';

const PAGE_SIZE = 20;

const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** 操作日志 (system/audit/index): every write by staff, searchable; a row opens its before and after side by side. */
export default function AuditLog() {
  const list = useListPage(lists.audit, PAGE_SIZE);
  const [open, setOpen] = useState<AuditLogEntry | null>(null);

  const before = (open?.before ?? {}) as Record<string, unknown>;
  const after = (open?.after ?? {}) as Record<string, unknown>;
  const changed = new Set(open ? changedFields(open.before, open.after) : []);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];

  return (
    <ListPage
      list={list}
      title="操作日志"
      search={{
        className: 'audit-search',
        fields: [
          { name: 'userName', label: '操作人', kind: 'text', maxLength: 64, width: 120 },
          { name: 'resource', label: '对象', kind: 'select', width: 120, options: labelOptions(AUDIT_RESOURCE_LABELS) },
          { name: 'action', label: '操作', kind: 'select', width: 110, options: labelOptions(AUDIT_ACTION_LABELS) },
          { name: 'targetId', label: '对象编号', kind: 'text', maxLength: 20, width: 100 },
          { name: 'range', label: '日期', kind: 'dates' },
        ],
      }}
      rowKey="id"
      scrollX={900}
      emptyText="暂无记录"
      table={{ onRow: (r) => ({ onClick: () => setOpen(r), style: { cursor: 'pointer' } }) }}
      columns={[
        { title: '时间', dataIndex: 'createTime', width: 170 },
        { title: '操作人', dataIndex: 'userName', width: 110 },
        { title: '对象', dataIndex: 'resource', width: 100, render: (v: AuditLogEntry['resource']) => AUDIT_RESOURCE_LABELS[v] ?? v },
        { title: '操作', dataIndex: 'action', width: 100, render: (v: AuditLogEntry['action']) => <Tag>{AUDIT_ACTION_LABELS[v] ?? v}</Tag> },
        { title: '编号', dataIndex: 'targetId', width: 90 },
        { title: '内容', dataIndex: 'summary', ellipsis: true },
        { title: '来源地址', dataIndex: 'ip', width: 140 },
      ]}
    >
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
    </ListPage>
  );
}
