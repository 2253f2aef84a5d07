/**
 * @site/ui-kit: every antd and @ant-design/icons export the site may use, and nothing else.
 *
 * Federation shares this module (not antd itself), so what a page downloads is decided here, in one versioned
 * place, and never by scanning apps. Adding an export is a minor version: a remote built against the newer kit
 * loads its own copy on a host that still provides the older one (see README.md). Removing one is a major.
 * Each export list is kept sorted; the build check (`@site/build-config/ui-kit-check`) refuses any app that
 * imports antd or @ant-design/icons around this package.
 */
export {
  Alert,
  App,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  ConfigProvider,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Grid,
  Input,
  Layout,
  List,
  Menu,
  Modal,
  Pagination,
  Popover,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  Upload,
  message,
  notification,
  theme,
} from 'antd';
export type { FormInstance, FormRule, MenuProps, ModalFuncProps, TableProps } from 'antd';
// The one locale of the site; data only, but imported here so no app needs antd's own paths.
export { default as zhCN } from 'antd/locale/zh_CN';

export {
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  BuildOutlined,
  CheckOutlined,
  CodeOutlined,
  CopyOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  ExportOutlined,
  FileTextOutlined,
  FormOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  LinkOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  SearchOutlined,
  SettingOutlined,
  ThunderboltFilled,
  ToolOutlined,
  UploadOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';

// People and the audit trail in the admin shell (issue 18.6, 18.7): role form tree, date range, confirmations.
export { Checkbox, DatePicker, Popconfirm, Tree } from 'antd';
export type { TreeDataNode } from 'antd';
export { AuditOutlined, KeyOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
