import { Alert, Avatar, Descriptions, Skeleton, Space, Typography, UserOutlined } from '@site/antd-kit';
import { profileQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { type ProfileResponse, type WorkbenchAccount } from '@site/contract';
import { useAuth } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { isCustomer, roleLabel } from '../../data/roles';
import { WORKBENCH_EMPTY } from '../dashboard/CustomerWorkbench';
import { useWorkbenchAccount } from '../../components/SupportLink';

/**
 * /account/center: the signed-in user's profile card. A customer holds no post: their card says the company and the
 * products with versions they use instead (as their workbench does).
 */
export default function AccountCenter() {
  const q = useShellQuery(profileQuery());
  const profile: ProfileResponse | null = q.data ?? null;
  const error = q.isError ? q.error.message || '个人信息加载失败' : null;
  const { roles } = useAuth();
  const customer = isCustomer(roles);
  // The header's support link asks the same: one query (keys.workbench.account).
  const account = useWorkbenchAccount();
  if (error) return <Alert type="error" showIcon title="个人信息加载失败" description={error} />;
  if (!profile) return <Skeleton active avatar />;
  const u = profile.data;
  return (
    <PageSection title="个人信息">
      <Space align="start" size={24} wrap>
        <Space orientation="vertical" align="center">
          <Avatar size={96} src={u.avatar || undefined} icon={<UserOutlined />} alt={`${u.nickName}的头像`} />
          <Typography.Text strong className="profile-nick">
            {u.nickName}
          </Typography.Text>
        </Space>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'userName', label: '用户名称', children: u.userName },
            { key: 'phone', label: '手机号码', children: u.phonenumber || '未填写' },
            { key: 'email', label: '用户邮箱', children: u.email || '未填写' },
            { key: 'role', label: '所属角色', children: profile.roleGroup || roles.map(roleLabel).join('，') },
            ...(customer ? companyItems(account) : [{ key: 'post', label: '所属岗位', children: profile.postGroup || '—' }]),
          ]}
        />
      </Space>
    </PageSection>
  );
}

/** A customer's company and the products it uses with their versions (the workbench's account answer), for 所属岗位. */
function companyItems(account: WorkbenchAccount | null) {
  const none = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  if (!account) return [{ key: 'company', label: '客户单位', children: <Skeleton.Input active size="small" /> }];
  return [
    { key: 'company', label: '客户单位', children: account.customer?.name || none(WORKBENCH_EMPTY.customer) },
    {
      key: 'products',
      label: '使用产品',
      children: account.products.length ? (
        <Space orientation="vertical" size={0} className="profile-products">
          {account.products.map((p) => (
            <span key={p.articleId ?? p.title}>
              {p.title} {p.version}
            </span>
          ))}
        </Space>
      ) : (
        none(WORKBENCH_EMPTY.product)
      ),
    },
  ];
}
