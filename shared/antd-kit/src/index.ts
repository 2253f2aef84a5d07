/**
 * @site/antd-kit: every antd and @ant-design/icons export the site may use, and nothing else.
 *
 * Federation shares this module (not antd itself), so what a page downloads is decided here, in one versioned
 * place, and never by scanning apps. Adding an export is a minor version: a remote built against the newer kit
 * loads its own copy on a host that still provides the older one (see README.md). Removing one is a major.
 * Each export list is kept sorted; the build check (`@site/build-config/ui-kit-check`) refuses any app that
 * imports antd or @ant-design/icons around this package.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';

export {
  Alert,
  App,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
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
  Tree,
  TreeSelect,
  Typography,
  Upload,
  message,
  notification,
  theme,
} from 'antd';
export type { FormInstance, FormRule, MenuProps, ModalFuncProps, TableProps, TreeDataNode } from 'antd';
// The one locale of the site; data only, but imported here so no app needs antd's own paths.
export { default as zhCN } from 'antd/locale/zh_CN';
// The site's locale and theme in one provider (site-provider.tsx).
export { SiteConfigProvider } from './site-provider';
/**
 * antd's DatePicker (with `showTime` too), in a chunk of its own that is fetched the first time one is drawn (render
 * it inside `<Suspense>`). Not in the list above: the kit is one chunk that every antd page downloads, the public
 * contact, sign-in and registration pages included, and the picker (about 25 KB br) is only the staff pages'.
 */
export const LazyDatePicker: LazyExoticComponent<ComponentType<DatePickerProps<Dayjs, false>>> = lazy(() => import('./date-picker'));

export {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
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
  HolderOutlined,
  ItalicOutlined,
  KeyOutlined,
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
  StopOutlined,
  TeamOutlined,
  ThunderboltFilled,
  ToolOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
