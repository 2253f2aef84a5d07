import type { ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  BuildOutlined,
  CodeOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EditOutlined,
  FormOutlined,
  HistoryOutlined,
  LinkOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@site/antd-kit';

/** RuoYi icon names (and the static routes' names) -> antd icons; unknown names get a neutral icon. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  user: <UserOutlined />,
  setting: <SettingOutlined />,
  form: <FormOutlined />,
  message: <MessageOutlined />,
  chart: <BarChartOutlined />,
  system: <SettingOutlined />,
  dict: <BookOutlined />,
  tool: <ToolOutlined />,
  build: <BuildOutlined />,
  code: <CodeOutlined />,
  swagger: <ApiOutlined />,
  guide: <QuestionCircleOutlined />,
  link: <LinkOutlined />,
  edit: <EditOutlined />,
  delete: <DeleteOutlined />,
  history: <HistoryOutlined />,
  peoples: <TeamOutlined />,
  log: <AuditOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  return ICONS[name] ?? <AppstoreOutlined />;
}
