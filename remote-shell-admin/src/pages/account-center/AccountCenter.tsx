import { Alert, Avatar, Descriptions, Skeleton, Space, Typography, UserOutlined } from '@site/antd-kit';
import { profileQuery } from '../../data/queries';
import { useShellQuery } from '../../data/shell-query';
import { type ProfileResponse } from '@site/contract';
import { useAuth } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { roleLabel } from '../dashboard/roles';

/** /account/center: the signed-in user's profile card. */
export default function AccountCenter() {
  const q = useShellQuery(profileQuery());
  const profile: ProfileResponse | null = q.data ?? null;
  const error = q.isError ? q.error.message || '个人信息加载失败' : null;
  const { roles } = useAuth();
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
            { key: 'post', label: '所属岗位', children: profile.postGroup || '—' },
          ]}
        />
      </Space>
    </PageSection>
  );
}
