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
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Layout,
  List,
  Menu,
  Modal,
  Pagination,
  Popconfirm,
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
  Timeline,
  Tooltip,
  TreeSelect,
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
  BoldOutlined,
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
  EyeOutlined,
  FileTextOutlined,
  FormOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  HistoryOutlined,
  ItalicOutlined,
  HolderOutlined,
  LinkOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
  OrderedListOutlined,
  PictureOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SaveOutlined,
  SearchOutlined,
  SettingOutlined,
  ThunderboltFilled,
  ToolOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';

// People in the admin shell (issue 18.6): the role form's permission tree and check boxes.
export { Checkbox, Tree } from 'antd';
export type { TreeDataNode } from 'antd';
export { AuditOutlined, KeyOutlined, StopOutlined, TeamOutlined } from '@ant-design/icons';
