import { Avatar, Dropdown, Space, LogoutOutlined, SettingOutlined, UserOutlined } from '@site/antd-kit';
import { useNavigate } from 'react-router-dom';
import { confirmLogout, useAuth } from '@site/app-runtime';
import { roleLabel } from '../data/roles';

/** The user dropdown: avatar and nick name; 个人中心, 个人设置 (when its menu flag is on, SHELL-8), 退出登录 (AUTH-6). */
export function UserMenu({ showSettings }: { showSettings: boolean }) {
  const { user, roles } = useAuth();
  const navigate = useNavigate();
  const items = [
    { key: 'roles', label: <span className="admin-user-roles">{roles.map(roleLabel).join('，')}</span>, disabled: true },
    { type: 'divider' as const },
    { key: '/account/center', icon: <UserOutlined />, label: '个人中心' },
    ...(showSettings ? [{ key: '/account/settings', icon: <SettingOutlined />, label: '个人设置' }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => (key === 'logout' ? confirmLogout() : key.startsWith('/') && navigate(key)),
      }}
    >
      <button
        type="button"
        className="admin-user-trigger"
        aria-label="用户菜单"
        style={{ background: 'none', border: 0, cursor: 'pointer', padding: '0 8px', color: 'inherit' }}
      >
        <Space>
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt={user?.nickName ? `${user.nickName}的头像` : '头像'} />
          <span className="admin-hide-mobile">{user?.nickName ?? user?.userName ?? ''}</span>
        </Space>
      </button>
    </Dropdown>
  );
}
