import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Descriptions, Drawer, Space, Typography } from '@site/antd-kit';
import { setSiteCustomerStatus } from '@site/api-client';
import { ROLE_LABELS, USER_STATUS_LABELS, DEFAULT_ROLE, type SiteCustomer } from '@site/contract';
import { accountStatusControl, accountStatusTag, useAccountStatusToggle } from '../../components/account-status';
import { customerQuery, lists } from '../../data/queries';
import { ControlButton, labelOptions, ListPage, useListPage, type Control } from '../../list-page';
import { CustomerCompanyForm } from './CustomerCompanyForm';

const PAGE_SIZE = 10;
/** The route permission of 客户管理: its controls follow this id's actionList. */
export const CUSTOMER_PERMISSION_ID = 'system:customer';

/** The products a customer's company uses, as 客户管理 shows them: 产品 版本, one a line. */
export function productsText(c: SiteCustomer) {
  if (!c.products.length) return <Typography.Text type="secondary">未关联</Typography.Text>;
  return (
    <Space orientation="vertical" size={0} className="customer-products">
      {c.products.map((p) => (
        <span key={`${p.articleId ?? p.title}`}>
          {p.title} {p.version}
        </span>
      ))}
    </Space>
  );
}

/**
 * 客户管理 (system/customer/index): people registered on the site; search, view, disable and enable, and set the
 * company an account belongs to and the products that company uses (设置单位与产品).
 */
export default function CustomerTable() {
  const client = useQueryClient();
  const list = useListPage(lists.customers, PAGE_SIZE);
  const [detail, setDetail] = useState<SiteCustomer | null>(null);
  const [editing, setEditing] = useState<SiteCustomer | null>(null);
  const toggleStatus = useAccountStatusToggle(setSiteCustomerStatus, list.refresh);

  async function view(c: SiteCustomer) {
    try {
      setDetail(await client.fetchQuery({ ...customerQuery(c.userId), staleTime: 0 }));
    } catch {
      /* notified */
    }
  }

  async function toggle(c: SiteCustomer) {
    const status = await toggleStatus(c);
    if (status && detail?.userId === c.userId) setDetail({ ...detail, status });
  }

  // In the table's rows and in the detail drawer.
  const toggleControl = (c: SiteCustomer) => accountStatusControl(c, '客户', () => toggle(c));
  const companyControl = (c: SiteCustomer): Control => ({
    key: 'company',
    label: '单位与产品',
    action: 'edit',
    onClick: async () => {
      // The form starts from the record as it is now (another tab may have changed it).
      try {
        setEditing(await client.fetchQuery({ ...customerQuery(c.userId), staleTime: 0 }));
      } catch {
        /* notified */
      }
    },
  });

  return (
    <ListPage
      list={list}
      title="客户列表"
      permissionId={CUSTOMER_PERMISSION_ID}
      search={{
        fields: [
          { name: 'keyword', label: '关键字', kind: 'text', placeholder: '账号、昵称、手机号或单位', maxLength: 50 },
          { name: 'status', label: '状态', kind: 'select', width: 100, options: labelOptions(USER_STATUS_LABELS) },
        ],
      }}
      rowKey="userId"
      scrollX={1040}
      emptyText="暂无客户"
      columns={[
        { title: '账号', dataIndex: 'userName', width: 140 },
        { title: '昵称', dataIndex: 'nickName', width: 120 },
        { title: '手机号码', dataIndex: 'phonenumber', width: 130 },
        { title: '所属单位', dataIndex: 'customerName', ellipsis: true, render: (v: string) => v || '—' },
        { title: '使用产品', key: 'products', width: 220, render: (_, c) => productsText(c) },
        { title: '状态', dataIndex: 'status', width: 80, render: accountStatusTag },
        { title: '注册时间', dataIndex: 'createTime', width: 170 },
      ]}
      rowActions={{
        width: 210,
        controls: (c) => [{ key: 'view', label: '查看', action: 'get', onClick: () => view(c) }, companyControl(c), toggleControl(c)],
      }}
    >
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
                { key: 'products', label: '使用产品', children: productsText(detail) },
                { key: 'wx', label: '微信登录', children: detail.wxBound ? '已绑定' : '未绑定' },
                { key: 'status', label: '状态', children: accountStatusTag(detail.status) },
                { key: 'time', label: '注册时间', children: detail.createTime },
              ]}
            />
            <Space style={{ marginTop: 16 }}>
              <ControlButton control={companyControl(detail)} permissionId={CUSTOMER_PERMISSION_ID} link />
              <ControlButton control={toggleControl(detail)} permissionId={CUSTOMER_PERMISSION_ID} link />
            </Space>
          </>
        )}
      </Drawer>
      {editing && (
        <CustomerCompanyForm
          key={editing.userId}
          customer={editing}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            setEditing(null);
            if (detail?.userId === next.userId) setDetail(next);
          }}
        />
      )}
    </ListPage>
  );
}
