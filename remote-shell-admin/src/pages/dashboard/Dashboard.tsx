import { useEffect, useState } from 'react';
import { Avatar, Descriptions, Empty, List, Modal, Space, Tag, Typography, UserOutlined } from '@site/ui-kit';
import { getNoticeList } from '@site/api';
import { NOTICE, type Notice } from '@site/contract';
import { useAuth, usePermission } from '@site/runtime';
import { formatDate, SafeHtml } from '@site/ui';
import { noticeTitle } from '../../layout/notice-paging';
import { PageSection } from '../../components/PageSection';
import { VisitFigures } from '../../components/VisitFigures';

const VISIT_DAYS = 7;

/** /index 工作台: who is signed in, their roles, the latest notices and the site's visit figures. */
export default function Dashboard() {
  const { user, roles, dicts } = useAuth();
  const { hasPermi } = usePermission();
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [detail, setDetail] = useState<Notice | null>(null);
  const typeLabel = (v: string) => dicts[NOTICE.dictType]?.find((d) => d.dictValue === v)?.dictLabel ?? v;

  useEffect(() => {
    let alive = true;
    getNoticeList({ pageNum: 1, pageSize: 5, status: NOTICE.status })
      .then((r) => alive && setNotices(r.rows ?? []))
      .catch(() => alive && setNotices([]));
    return () => {
      alive = false;
    };
  }, []);

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
                children: (
                  <span className="dashboard-roles">
                    {roles.map((r) => (
                      <Tag key={r}>{r}</Tag>
                    ))}
                  </span>
                ),
              },
              { key: 'phone', label: '手机号码', children: user?.phonenumber || '未填写' },
            ]}
          />
        </Space>
      </PageSection>
      <PageSection title="最新通知">
        <List<Notice>
          loading={notices === null}
          dataSource={notices ?? []}
          locale={{ emptyText: <Empty description="暂无通知" /> }}
          renderItem={(n) => (
            <List.Item key={n.noticeId} extra={<Typography.Text type="secondary">{formatDate(n.createTime, 'YYYY-MM-DD')}</Typography.Text>}>
              <Space>
                <Tag>{typeLabel(n.noticeType)}</Tag>
                <Typography.Link onClick={() => setDetail(n)}>{noticeTitle(n.noticeTitle)}</Typography.Link>
              </Space>
            </List.Item>
          )}
        />
      </PageSection>
      <PageSection title={`访问统计（近 ${VISIT_DAYS} 天）`}>
        {hasPermi(['content:visit:list']) ? <VisitFigures days={VISIT_DAYS} /> : <Empty description="没有查看访问统计的权限" />}
      </PageSection>
      <Modal
        open={!!detail}
        title={detail?.noticeTitle}
        width={NOTICE.detailModalWidth}
        footer={null}
        onCancel={() => setDetail(null)}
        destroyOnHidden
      >
        {detail && <SafeHtml html={detail.noticeContent} />}
      </Modal>
    </div>
  );
}
