import { Tag } from '@site/antd-kit';
import { LOGIN_LOG_STATUS_LABELS, LOGIN_METHOD_LABELS, LOGIN_METHOD_UNKNOWN, type LoginLogEntry } from '@site/contract';
import { lists } from '../../data/queries';
import { labelOptions, ListPage, useListPage } from '../../list-page';

const PAGE_SIZE = 20;

/**
 * 登录日志 (system/logininfor/index; RuoYi's 登录日志): each sign-in attempt with the name given, the
 * address, the browser, the way in (密码, 短信, 微信, or 注册: the sign-in a registration gives; — for rows from before
 * it was recorded), the outcome and what the person was told, newest first. Read-only: no actions, so 查询 is for
 * everyone who may open the page.
 */
export default function LoginLog() {
  const list = useListPage(lists.loginLog, PAGE_SIZE);
  return (
    <ListPage
      list={list}
      title="登录日志"
      search={{
        name: 'login-log-search',
        anyone: true,
        fields: [
          { name: 'userName', label: '用户名称', kind: 'text', maxLength: 64, placeholder: '用户名称或手机号' },
          { name: 'method', label: '登录方式', kind: 'select', width: 120, options: labelOptions(LOGIN_METHOD_LABELS) },
          { name: 'status', label: '登录状态', kind: 'select', width: 120, options: labelOptions(LOGIN_LOG_STATUS_LABELS) },
        ],
      }}
      rowKey="id"
      scrollX={950}
      emptyText="暂无登录记录"
      columns={[
        { title: '用户名称', dataIndex: 'userName', width: 160 },
        { title: '登录地址', dataIndex: 'ip', width: 150, render: (v: string | null) => v ?? '—' },
        { title: '浏览器', dataIndex: 'browser', width: 180 },
        {
          title: '登录方式',
          dataIndex: 'method',
          width: 90,
          render: (v: LoginLogEntry['method']) => (v ? LOGIN_METHOD_LABELS[v] : LOGIN_METHOD_UNKNOWN),
        },
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
  );
}
