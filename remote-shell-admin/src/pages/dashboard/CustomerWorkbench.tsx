import { Avatar, Button, CustomerServiceOutlined, Descriptions, Skeleton, Space, Typography, UserOutlined } from '@site/antd-kit';
import { Link } from 'react-router-dom';
import { useAuth } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { useWorkbenchAccount } from '../../components/SupportLink';
import { supportHref } from '../../components/support-url';
import { LatestNotices } from './LatestNotices';
import { MyDocuments } from './MyDocuments';
import { MyMessages } from './MyMessages';
import { RoleTags } from './RoleTags';

/** What the workbench says where the account holds nothing: never a value borrowed from elsewhere. */
export const WORKBENCH_EMPTY = {
  customer: '未关联客户单位',
  product: '暂未关联产品',
  version: '暂无',
} as const;

/**
 * A signed-in customer's own workbench: their account, company, products and versions, the notices meant for
 * customers, their product's documents, the support link and their own messages with the staff's answers.
 */
export function CustomerWorkbench() {
  const { user, roles } = useAuth();
  const account = useWorkbenchAccount();
  const href = supportHref(user, account);
  // The products of the account's company (set in 客户管理).
  const products = account?.products ?? [];
  const product = products.length ? (
    <Space size={[12, 0]} wrap className="workbench-products">
      {products.map((p) => (
        <span key={p.articleId ?? p.title} className="workbench-product">
          {p.articleId ? <Link to={`/productDetail?id=${p.articleId}`}>{p.title}</Link> : p.title}
        </span>
      ))}
    </Space>
  ) : (
    <Typography.Text type="secondary">{WORKBENCH_EMPTY.product}</Typography.Text>
  );
  // One product: its version; several: each version with its product's name.
  const version =
    products.length > 1 ? (
      <Space orientation="vertical" size={0} className="workbench-versions">
        {products.map((p) => (
          <span key={p.articleId ?? p.title}>
            {p.title}：{p.version || WORKBENCH_EMPTY.version}
          </span>
        ))}
      </Space>
    ) : (
      account?.productVersion || <Typography.Text type="secondary">{WORKBENCH_EMPTY.version}</Typography.Text>
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
                { key: 'version', label: '产品版本', children: version },
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
