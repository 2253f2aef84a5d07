import { Avatar, Button, CustomerServiceOutlined, Descriptions, Skeleton, Space, Typography, UserOutlined } from '@site/antd-kit';
import { Link } from 'react-router-dom';
import { useAuth } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { useWorkbenchAccount } from '../../layout/SupportLink';
import { supportHref } from '../../layout/support-url';
import { LatestNotices } from './LatestNotices';
import { MyDocuments } from './MyDocuments';
import { MyMessages } from './MyMessages';
import { RoleTags } from './RoleTags';

/** What the workbench says where the account holds nothing (issue 27.9): never a value borrowed from elsewhere. */
export const WORKBENCH_EMPTY = {
  customer: '未关联客户单位',
  product: '暂未关联产品',
  version: '暂无',
} as const;

/**
 * A signed-in customer's own workbench (issue 19): their account, customer and product version, the notices meant for
 * customers, their product's documents, the support link and their own messages with the staff's answers.
 */
export function CustomerWorkbench() {
  const { user, roles } = useAuth();
  const account = useWorkbenchAccount();
  const href = supportHref(user, account);
  const product = account?.productName ? (
    account.productArticleId ? (
      <Link to={`/productDetail?id=${account.productArticleId}`}>{account.productName}</Link>
    ) : (
      account.productName
    )
  ) : (
    <Typography.Text type="secondary">{WORKBENCH_EMPTY.product}</Typography.Text>
  );
  return (
    <div className="page-dashboard page-customer-workbench">
      <PageSection
        title="我的账户"
        extra={
          href && (
            <Button href={href} target="_blank" rel="noopener noreferrer" icon={<CustomerServiceOutlined />} className="workbench-support-link">
              联系客服
            </Button>
          )
        }
      >
        <Space align="start" size={16} wrap>
          <Avatar size={56} src={user?.avatar || undefined} icon={<UserOutlined />} alt={`${user?.nickName ?? ''}的头像`} />
          {account === null ? (
            <Skeleton active paragraph={{ rows: 2 }} title={false} style={{ minWidth: 240 }} />
          ) : (
            <Descriptions
              className="workbench-account"
              column={{ xs: 1, sm: 2 }}
              size="small"
              items={[
                { key: 'nick', label: '姓名', children: user?.nickName ?? '' },
                { key: 'phone', label: '手机号码', children: user?.phonenumber || '未填写' },
                {
                  key: 'customer',
                  label: '客户名称',
                  children: account.customer?.name || <Typography.Text type="secondary">{WORKBENCH_EMPTY.customer}</Typography.Text>,
                },
                { key: 'product', label: '使用产品', children: product },
                {
                  key: 'version',
                  label: '产品版本',
                  children: account.productVersion || <Typography.Text type="secondary">{WORKBENCH_EMPTY.version}</Typography.Text>,
                },
                {
                  key: 'roles',
                  label: '角色',
                  children: <RoleTags roles={roles} />,
                },
              ]}
            />
          )}
        </Space>
      </PageSection>
      <LatestNotices title="客户通知" />
      <MyDocuments account={account} />
      <MyMessages />
    </div>
  );
}
