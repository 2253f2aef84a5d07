import { useState } from 'react';
import { Button, Form, Input, SearchOutlined, Select, Tag } from '@site/antd-kit';
import { getLoginLog } from '@site/api-client';
import { LOGIN_LOG_STATUS_LABELS, type LoginLogEntry, type LoginLogQuery } from '@site/contract';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { usePagedList } from '../../components/use-paged-list';

const PAGE_SIZE = 20;

/**
 * 登录日志 (system/logininfor/index, issue 27.4; RuoYi's 登录日志): each sign-in attempt with the name given, the
 * address, the browser, the outcome and what the person was told, newest first. Read-only. Built simply, on the same
 * list hook as the other pages, so the shared list building block can take it over.
 */
export default function LoginLog() {
  const [query, setQuery] = useState<LoginLogQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const { rows, total, loading } = usePagedList(getLoginLog, query);

  return (
    <PageSection title="登录日志">
      <Form
        name="login-log-search"
        layout="inline"
        onFinish={(v: { userName?: string; status?: '0' | '1' }) => setQuery({ ...v, pageNum: 1, pageSize: PAGE_SIZE })}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="userName" label="用户名称">
          <Input allowClear placeholder="用户名称或手机号" maxLength={64} />
        </Form.Item>
        <Form.Item name="status" label="登录状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={Object.entries(LOGIN_LOG_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      <ShellTable<LoginLogEntry>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 860 }}
        locale={{ emptyText: '暂无登录记录' }}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          { title: '用户名称', dataIndex: 'userName', width: 160 },
          { title: '登录地址', dataIndex: 'ip', width: 150, render: (v: string | null) => v ?? '—' },
          { title: '浏览器', dataIndex: 'browser', width: 180 },
          {
            title: '登录状态',
            dataIndex: 'status',
            width: 100,
            render: (v: LoginLogEntry['status']) => <Tag color={v === '0' ? 'green' : 'red'}>{LOGIN_LOG_STATUS_LABELS[v]}</Tag>,
          },
          { title: '提示消息', dataIndex: 'msg' },
          { title: '登录时间', dataIndex: 'createTime', width: 170 },
        ]}
      />
    </PageSection>
  );
}
