import { Avatar, Descriptions, Space, UserOutlined } from '@site/antd-kit';
import { useAuth, usePermission } from '@site/app-runtime';
import { PageSection } from '../../components/PageSection';
import { VisitFigures } from '../../components/VisitFigures';
import { LatestNotices } from './LatestNotices';
import { RoleTags } from './RoleTags';

const VISIT_DAYS = 7;

/** The staff workbench: who is signed in, their roles, the latest notices and (with the permission) visit figures. */
export function StaffWorkbench() {
  const { user, roles } = useAuth();
  const { hasPermi } = usePermission();
  return (
    <div className="page-dashboard">
      <PageSection title="当前用户">
        <Space align="start" size={16} wrap>
          <Avatar size={56} src={user?.avatar || undefined} icon={<UserOutlined />} alt={`${user?.nickName ?? ''}的头像`} />
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            size="small"
            items={[
              { key: 'nick', label: '昵称', children: user?.nickName ?? '' },
              { key: 'name', label: '账号', children: user?.userName ?? '' },
              {
                key: 'roles',
                label: '角色',
                children: <RoleTags roles={roles} />,
              },
              { key: 'phone', label: '手机号码', children: user?.phonenumber || '未填写' },
            ]}
          />
        </Space>
      </PageSection>
      <LatestNotices title="最新通知" />
      {hasPermi(['content:visit:list']) && (
        <PageSection title={`访问统计（近 ${VISIT_DAYS} 天）`}>
          <VisitFigures days={VISIT_DAYS} />
        </PageSection>
      )}
    </div>
  );
}
