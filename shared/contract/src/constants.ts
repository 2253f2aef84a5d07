/**
 * Business constants of the specification's section 9 (docs/requirements.md, CONST-*), channel and block ids, and storage keys (section 3).
 * The single source of truth: the server seeds with these ids and every app reads them from here.
 */

/** Channel ids. The searchable ones (14, 10, 11, 12) are fixed by the spec; the rest are this site's choice. */
export const CHANNEL_IDS = {
  home: 1,
  about: 2,
  contact: 3,
  solution: 10,
  support: 11,
  news: 12,
  product: 14,
  /** Sub-channels of support (11). */
  document: 15,
  question: 16,
  video: 17,
  /** Product categories: sub-channels of products (14). */
  productPlatform: 20,
  productMonitoring: 21,
  productAnalytics: 22,
} as const;

/** Searchable channel ids, in the order the search modal offers them. */
export const SEARCHABLE_CHANNEL_IDS = [14, 10, 11, 12] as const;

/** Named content-block ids ("held in configuration" in the spec). */
export const BLOCK_IDS = {
  product: 1,
  application: 2,
  about: 3,
  news: 4,
  copyright: 5,
  contact: 6,
  companyLogo: 7,
  documents: 8,
  videoTutorials: 9,
  commonQuestions: 10,
  homeBanner: 11,
  company: 12,
  homeIntro: 13,
} as const;

type BlockInfo = { id: number; name: string; hint: string };
/** A link column of the footer (the n-th, 一 to 四): every column takes the same fields. */
const footerColumn = (id: number, title: string, n: string): BlockInfo => ({
  id,
  name: `页脚：${title}`,
  hint: `页脚第${n}列的链接：标题、链接、新窗口打开`,
});
/** An entry card of the support page: every card takes the same fields. */
const supportCard = (id: number, title: string): BlockInfo => ({
  id,
  name: `服务支持：${title}`,
  hint: '服务支持页的入口卡片：标题、副标题、描述、图标、链接',
});

/** The content blocks staff edit: each BLOCK_IDS entry with its name and where the site shows it. */
export const BLOCKS: readonly BlockInfo[] = [
  footerColumn(BLOCK_IDS.product, '产品中心', '一'),
  footerColumn(BLOCK_IDS.application, '应用领域', '二'),
  footerColumn(BLOCK_IDS.about, '关于我们', '三'),
  footerColumn(BLOCK_IDS.news, '新闻中心', '四'),
  { id: BLOCK_IDS.copyright, name: '页脚：版权信息', hint: '页脚底部的版权与备案行：标题、链接' },
  { id: BLOCK_IDS.contact, name: '联系方式', hint: '页脚的电话与邮箱：标题、副标题（号码或地址）、图标、链接（tel: 或 mailto:）' },
  { id: BLOCK_IDS.companyLogo, name: '页脚公司标志', hint: '页脚的白色标志：标题（替代文字）、图片、链接' },
  supportCard(BLOCK_IDS.documents, '文档中心'),
  supportCard(BLOCK_IDS.videoTutorials, '视频教程'),
  supportCard(BLOCK_IDS.commonQuestions, '常见问题'),
  { id: BLOCK_IDS.homeBanner, name: '首页轮播图', hint: '首页顶部轮播：标题、副标题（以文字显示在图片上）、图片（不含文字）、链接，按顺序播放' },
  { id: BLOCK_IDS.company, name: '公司信息', hint: '公司名称与标志（页头、登录页）：第一项的标题、副标题、描述、图片' },
  {
    id: BLOCK_IDS.homeIntro,
    name: '首页公司简介',
    hint: '第一项为简介（标题、副标题、描述、图片、链接），其后每项为一个数字（标题）与说明（副标题）',
  },
];

/** customs.filePath of each top-navigation entry, in order, with its route. */
export const TOP_NAV = [
  { filePath: 'home/index', path: '/' },
  { filePath: 'product/index', path: '/product' },
  { filePath: 'solution/index', path: '/solution' },
  { filePath: 'support/index', path: '/support' },
  { filePath: 'about/index', path: '/about' },
  { filePath: 'news/index', path: '/news' },
  { filePath: 'about/contact', path: '/contact' },
] as const;

export const SEARCH_PAGE_SIZE = 20;

export const NOTICE = {
  pageSize: 5,
  defaultType: '1',
  status: '0',
  popoverWidth: 300,
  listMaxHeight: 300,
  detailModalWidth: 900,
  titleMaxLength: 32,
  dictType: 'sys_notice_type',
} as const;

export const FOOTER_CONTACT_MAX = 2;

/** 7 days. */
export const TOKEN_COOKIE_LIFETIME_MS = 604800000;
export const HTTP_TIMEOUT_MS = 60000;
export const ERROR_NOTIFICATION_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const AD_SCRIPT_CHECK_MS = 20000;
export const WX_REDIRECT_DELAY_MS = 200;
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Limits of the staff article uploads (`POST /system/article/upload?kind=`): documents and videos. */
export const ARTICLE_UPLOAD_MAX_BYTES = { document: 20 * 1024 * 1024, video: 100 * 1024 * 1024 } as const;
export type ArticleUploadKind = keyof typeof ARTICLE_UPLOAD_MAX_BYTES;

export const MOBILE_WIDTH = 550;
/** Root font size: 16px at this width or more, otherwise width / 750 * 16. */
export const DESIGN_WIDTH = 750;
export const ROOT_FONT_SIZE = 16;

export const BREAKPOINTS = {
  xs: [0, 575],
  sm: [576, 767],
  md: [768, 991],
  lg: [992, 1199],
  xl: [1200, 1599],
  xxl: [1600, Infinity],
} as const;

export const DEFAULT_ROLE = 'ROLE_DEFAULT';
export const ALL_PERMISSION = '*:*:*';
export const SUPER_ROLE = 'admin';
/** Role names as people read them, keyed by role key (ROLE_DEFAULT = a signed-in customer without a staff role). */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  [DEFAULT_ROLE]: '普通用户',
  [SUPER_ROLE]: '超级管理员',
  editor: '内容编辑',
};
/** `publish`: 文章管理's 发布/下线, its own right apart from 修改. */
export const ACTION_NAMES = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export', 'publish'] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

export const LANGS = [
  { value: 'zh-CN', label: '简体中文', enabled: true },
  { value: 'en-US', label: 'English', enabled: false },
] as const;
export const DEFAULT_LANG = 'zh-CN';

export const NUMBER_FORMAT_SEPARATOR = ',';
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/**
 * The site's time zone: dates on pages are shown in it wherever the page is rendered (the page renderer, a browser
 * abroad), so the HTML rendered ahead and the page the browser hydrates say the same. China keeps no summer time.
 */
export const SITE_TIME_ZONE = 'Asia/Shanghai';
export const SITE_UTC_OFFSET_MINUTES = 480;

/** Visit recording (section 3). */
export const VISIT_SITE_ID = '1';

export const LOCAL_KEYS = {
  visitUv: 'visit_uv',
  visitTracked: 'visit_tracked',
  urlPre: 'urlPre',
  accessToken: 'access_token',
  settings: 'site_admin_settings',
} as const;
export const SESSION_KEYS = { visitSi: 'visit_si' } as const;
export const COOKIE_KEYS = {
  accessToken: 'access_token',
  openid: 'openid',
  isMobileWeChat: 'isMobileWeChat',
  reUrl: 'reUrl',
  lang: 'lang',
} as const;

/** Settings defaults (section 9). */
export const PRIMARY_COLOR_SHELL = '#4285F4';
export const PRIMARY_COLOR_LAYOUT = '#1890ff';
export const PRESET_COLORS = ['#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1'] as const;
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
export const FOOTER_TOOLBAR_OFFSET = { collapsed: 80, default: 256 } as const;
export const SIDE_MENU_BREAKPOINT = 'lg';

/** Company name shown in the settings export and as the fallback company title. */
export const COMPANY_NAME = '华电智控科技有限公司';
/** The site's own description: the home page's, and any page's that has none of its own (its <meta name="description">). */
export const SITE_DESCRIPTION = '电网运行风险预警、配电网故障诊断与电力安全风控软件及解决方案提供商。';

/** Who a notice is for (sys_notice.audience). */
export const NOTICE_AUDIENCES = ['all', 'staff', 'customer'] as const;
export const NOTICE_AUDIENCE_LABELS = { all: '全部', staff: '员工', customer: '客户' } as const;

/** 留言板 states. */
export const MESSAGE_STATUS = { pending: '0', done: '1' } as const;
export const MESSAGE_STATUS_LABELS = { '0': '未处理', '1': '已处理' } as const;
/**
 * What became of the SMS that carries the staff's answer to the message's phone: sent through the
 * gateway, not sent because the message left no phone number, or the gateway refused it (the answer is saved anyway).
 */
export const MESSAGE_REPLY_SMS = { sent: 'sent', noPhone: 'no-phone', failed: 'failed' } as const;
export type MessageReplySms = (typeof MESSAGE_REPLY_SMS)[keyof typeof MESSAGE_REPLY_SMS];
export const MESSAGE_REPLY_SMS_LABELS: Record<MessageReplySms, string> = {
  sent: '回复已通过短信发送',
  'no-phone': '留言未留手机号，回复未发短信',
  failed: '短信发送失败，回复已保存',
};
/** A signed-in customer's own message (`POST /system/message-board/mine`): the public form's limits. */
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_TEXT_MAX = 2000;

/** What the audit trail records: the resource written and the action name. */
export const AUDIT_RESOURCES = ['article', 'channel', 'block', 'notice', 'message', 'user', 'role', 'customer', 'config'] as const;
export const AUDIT_ACTIONS = [
  'add',
  'edit',
  'delete',
  'enable',
  'disable',
  'status',
  'reply',
  'resetPwd',
  'sort',
  // An article's state named as staff chose it, and a person's own password change
  'publish',
  'offline',
  'draft',
  'updatePwd',
  // An article's earlier version brought back, an article back from the recycle bin, purged for good
  'restore',
  'recover',
  'purge',
  // An attempt the rights rule refused (acting on a wider account, assigning or removing rights one lacks)
  'refused',
  // An article's review (submitted, approved and published, sent back with a comment)
  'submit',
  'approve',
  'return',
] as const;
export const AUDIT_RESOURCE_LABELS = {
  article: '文章',
  channel: '栏目',
  block: '区块',
  notice: '通知公告',
  message: '留言',
  user: '用户',
  role: '角色',
  customer: '客户',
  config: '参数',
} as const;
export const AUDIT_ACTION_LABELS = {
  add: '新增',
  edit: '修改',
  delete: '删除',
  enable: '启用',
  disable: '停用',
  status: '状态变更',
  reply: '回复',
  resetPwd: '重置密码',
  sort: '排序',
  publish: '发布',
  offline: '下线',
  draft: '转为草稿',
  updatePwd: '修改密码',
  restore: '恢复版本',
  recover: '从回收站恢复',
  purge: '彻底删除',
  refused: '越权操作被拒绝',
  submit: '提交审核',
  approve: '审核通过并发布',
  return: '退回',
} as const;

/**
 * An article's versions (记录): what made each one (the audit actions of article writes). `baseline` is
 * the state an article had before its first write that stored versions (written earlier, or seeded).
 */
export const ARTICLE_VERSION_ACTION_LABELS = {
  baseline: '原始版本',
  add: '新增',
  edit: '修改',
  publish: '发布',
  offline: '下线',
  draft: '转为草稿',
  restore: '恢复版本',
  recover: '从回收站恢复',
  submit: '提交审核',
  approve: '审核通过并发布',
  return: '退回',
} as const;
export type ArticleVersionAction = keyof typeof ARTICLE_VERSION_ACTION_LABELS;
/** The fields two versions of an article are compared by, with the names the form gives them, in the form's order. */
export const ARTICLE_FIELD_LABELS = {
  title: '标题',
  channelId: '栏目',
  status: '状态',
  subtitle: '副标题',
  description: '摘要',
  seoTitle: 'SEO 标题',
  seoKeywords: 'SEO 关键词',
  tags: '标签',
  image: '封面图',
  top: '置顶',
  sort: '排序',
  publishDate: '发布时间',
  author: '作者',
  source: '来源',
  video: '视频',
  poster: '视频封面',
  file: '附件',
  fileName: '附件名称',
  text: '正文',
} as const;
export type ArticleField = keyof typeof ARTICLE_FIELD_LABELS;
/** SEO fields of an article: the longest title and keywords. */
export const ARTICLE_SEO_MAX = { title: 300, keywords: 500 } as const;
/** 回收站: the page's permission id (content:recycle:edit restores, content:recycle:delete purges). */
export const RECYCLE_PERMISSION_ID = 'content:recycle';
/** A restored article whose channel has been deleted since. */
export const RECYCLE_CHANNEL_GONE_MSG = '原栏目已删除，请先恢复或新建栏目';

/** 登录日志: `status` of a sign-in attempt. */
export const LOGIN_LOG_STATUS_LABELS = { '0': '成功', '1': '失败' } as const;

/**
 * 登录日志's 登录方式: how the person signed in (or tried to). `register` is the sign-in a registration gives (the SMS
 * code that registered the phone proved it, so the new customer is signed in at once); `wx` the messaging-app
 * sign-in (/bus/wx/oauth2/*, the 微信登录 of the login page). Rows written before the column existed have none.
 */
export const LOGIN_METHODS = ['password', 'sms', 'wx', 'register'] as const;
export const LOGIN_METHOD_LABELS = { password: '密码', sms: '短信', wx: '微信', register: '注册' } as const;
/** What 登录日志 shows for a row with no 登录方式 recorded (written before the column existed). */
export const LOGIN_METHOD_UNKNOWN = '—';

/** The stale-save answer when two people edit the same row (a version number on each row). */
export const STALE_WRITE_MSG = '内容已被他人修改，请刷新后再试';
/**
 * The 401 of a session whose account has been disabled since: the front end says this instead of the
 * login-expired text, so the person is not told to merely sign in again.
 */
export const ACCOUNT_DISABLED_MSG = '账号已停用，请联系管理员';

/** Article states: only published articles whose publish time has come reach the public site. */
export const ARTICLE_STATUS = { published: 0, draft: 1, offline: 2, pending: 3, returned: 4 } as const;
export const ARTICLE_STATUS_LABELS = { 0: '已发布', 1: '草稿', 2: '已下线', 3: '待审核', 4: '已退回' } as const;
/**
 * Publishing is its own right: 文章管理·发布/下线. Whoever lacks it submits an article for review
 * (待审核) instead of publishing it; a holder publishes it or sends it back (已退回) with a comment.
 */
export const ARTICLE_PUBLISH_PERMISSION = 'content:article:publish';
/** The longest comment of a send-back (退回). */
export const ARTICLE_REVIEW_COMMENT_MAX = 500;
/** Channels whose articles staff write in the admin shell (products by category, solutions, news, support). */
export const ARTICLE_CHANNEL_IDS = [20, 21, 22, 10, 12, 15, 16, 17] as const;
/** Visit analytics: the range a report may cover, the page's presets and the referrer labels. */
export const VISIT_RANGE = { maxDays: 366, defaultDays: 7, presets: [7, 30, 90, 365] } as const;
/**
 * What 访问统计 and 站点监控 leave out, said on both pages (staff must tell "no visitors" from "not counted"): the back
 * office and account pages (VISIT_PRIVATE_PATHS), the site's own requests (its renderer, its health checks), and in
 * the production layout the site's own machine (loopback is its front door; `npm start` counts it, SITE_VISIT_COUNT_LOCAL).
 */
export const VISIT_LEFT_OUT_NOTE =
  '不计入：工作台、个人中心、管理后台与登录注册等页面的访问；站点自身的请求（页面渲染、健康检查与监控）；正式部署时站点服务器本机发出的访问。';
export const VISIT_REFERRER_LABELS = { direct: '直接访问', internal: '站内跳转' } as const;
export const VISIT_PERMISSION_ID = 'content:visit';
/**
 * Paths that are not site traffic: the admin shell (工作台, 个人中心, 管理后台) and the account pages
 * (login, register, password reset, WeChat sign-in). The host records no visit there and the statistics leave out
 * older records whose session began there. Matched case-insensitively on the path and its sub-paths.
 */
export const VISIT_PRIVATE_PATHS = ['/index', '/account', '/admin', '/user', '/tologin', '/wxauth'] as const;
/** Whether a path (no query) is a public page whose visit counts (VISIT_PRIVATE_PATHS). */
export function isSiteTrafficPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return !VISIT_PRIVATE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}
/** sys_user.status: '0' 正常, '1' 停用 (a disabled account cannot sign in and its sessions end). */
export const USER_STATUS_LABELS = { '0': '正常', '1': '停用' } as const;
/** The password an administrator's reset sets when none is given: this many characters, shown once. */
export const RESET_PASSWORD_LENGTH = 12;
/** The spec's action names as the role form shows them. */
export const ACTION_LABELS: Record<ActionName, string> = {
  add: '新增',
  delete: '删除',
  edit: '修改',
  query: '查询',
  get: '查看',
  enable: '启用',
  disable: '停用',
  import: '导入',
  export: '导出',
  publish: '发布/下线',
};
