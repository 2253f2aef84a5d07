import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Input, Popconfirm, SearchOutlined, Select, Space, Tag } from '@site/antd-kit';
import { getSiteCustomer, listSiteCustomers, setSiteCustomerStatus } from '@site/api-client';
import { ROLE_LABELS, USER_STATUS_LABELS, DEFAULT_ROLE, type SiteCustomer, type SiteCustomerQuery } from '@site/contract';
import { Action } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { ShellTable } from '../../components/ShellTable';
import { usePagedList } from '../../components/use-paged-list';

const PAGE_SIZE = 10;
/** The route permission of 客户管理: its controls follow this id's actionList. */
export const CUSTOMER_PERMISSION_ID = 'system:customer';

const statusTag = (s: SiteCustomer['status']) => (s === '0' ? <Tag color="green">正常</Tag> : <Tag color="red">停用</Tag>);

/** 客户管理 (system/customer/index): people registered on the site; search, view, disable and enable. */
export default function CustomerTable() {
  const { message } = App.useApp();
  const [query, setQuery] = useState<SiteCustomerQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const { rows, total, loading, refresh } = usePagedList(listSiteCustomers, query);
  const [detail, setDetail] = useState<SiteCustomer | null>(null);

  async function view(c: SiteCustomer) {
    try {
      setDetail((await getSiteCustomer(c.userId)).data);
    } catch {
      /* notified */
    }
  }

  async function toggle(c: SiteCustomer) {
    const status = c.status === '0' ? '1' : '0';
    try {
      await setSiteCustomerStatus(c.userId, { status });
      void message.success(status === '1' ? `已停用 ${c.userName}` : `已启用 ${c.userName}`);
      refresh();
      if (detail?.userId === c.userId) setDetail({ ...detail, status });
    } catch {
      /* notified */
    }
  }

  const toggleButton = (c: SiteCustomer) => (
    <Action permissionId={CUSTOMER_PERMISSION_ID} action={c.status === '0' ? 'disable' : 'enable'}>
      <Popconfirm
        title={c.status === '0' ? `停用客户 ${c.userName}？` : `启用客户 ${c.userName}？`}
        description={c.status === '0' ? '停用后该账号不能登录，当前登录立即失效' : undefined}
        onConfirm={() => toggle(c)}
      >
        <Button type="link" size="small" danger={c.status === '0'}>
          {c.status === '0' ? '停用' : '启用'}
        </Button>
      </Popconfirm>
    </Action>
  );

  return (
    <PageSection title="客户列表">
      <Form
        layout="inline"
        onFinish={(v: Omit<SiteCustomerQuery, 'pageNum' | 'pageSize'>) => setQuery({ ...v, pageNum: 1, pageSize: PAGE_SIZE })}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder="账号、昵称、手机号或单位" maxLength={50} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 100 }}
            options={Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Action permissionId={CUSTOMER_PERMISSION_ID} action="query">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
        </Action>
      </Form>
      <ShellTable<SiteCustomer>
        rowKey="userId"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 820 }}
        locale={{ emptyText: '暂无客户' }}
        pagination={{
          current: query.pageNum,
          pageSize: PAGE_SIZE,
          total,
          onChange: (pageNum) => setQuery({ ...query, pageNum }),
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          { title: '账号', dataIndex: 'userName', width: 140 },
          { title: '昵称', dataIndex: 'nickName', width: 120 },
          { title: '手机号码', dataIndex: 'phonenumber', width: 130 },
          { title: '所属单位', dataIndex: 'customerName', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 80, render: statusTag },
          { title: '注册时间', dataIndex: 'createTime', width: 170 },
          {
            title: '操作',
            key: 'op',
            width: 130,
            render: (_, c) => (
              <Space size={0}>
                <Action permissionId={CUSTOMER_PERMISSION_ID} action="get">
                  <Button type="link" size="small" onClick={() => void view(c)}>
                    查看
                  </Button>
                </Action>
                {toggleButton(c)}
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={!!detail} title="客户详情" size={420} onClose={() => setDetail(null)} destroyOnHidden>
        {detail && (
          <>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                { key: 'userName', label: '账号', children: detail.userName },
                { key: 'nickName', label: '昵称', children: detail.nickName },
                { key: 'role', label: '角色', children: ROLE_LABELS[DEFAULT_ROLE] },
                { key: 'phone', label: '手机号码', children: detail.phonenumber || '未填写' },
                { key: 'email', label: '邮箱', children: detail.email || '未填写' },
                { key: 'company', label: '所属单位', children: detail.customerName || '未关联' },
                { key: 'wx', label: '微信登录', children: detail.wxBound ? '已绑定' : '未绑定' },
                { key: 'status', label: '状态', children: statusTag(detail.status) },
                { key: 'time', label: '注册时间', children: detail.createTime },
              ]}
            />
            <div style={{ marginTop: 16 }}>{toggleButton(detail)}</div>
          </>
        )}
      </Drawer>
    </PageSection>
  );
}
