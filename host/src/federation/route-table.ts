/**
 * Which remote module renders which route. The contract with the remotes: every module named here must
 * be in that remote's manifest (checked by the contract test and at host build time).
 */
export type RemoteName = 'remote_content' | 'remote_support' | 'remote_account' | 'remote_shell_admin';
export type LayoutKind = 'public' | 'account' | 'admin';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** Exposed module, e.g. './Home'. */
  module: string;
  /** Page title (the part before the dash). */
  title: string;
  layout: LayoutKind;
  /** Needs a signed-in user. */
  auth?: boolean;
  /**
   * The page renders without antd, so the host loads neither antd nor its provider for it: antd is about half of the
   * JavaScript of a page and its start-up a long task on a phone. The account pages and the admin keep it. The
   * contact page's form loads antd itself when the visitor reaches it, inside its own SiteConfigProvider. Should such
   * a page import antd otherwise, antd still loads through the shared scope, only without the zh_CN texts and theme.
   */
  withoutAntd?: boolean;
}

export const REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/', remote: 'remote_content', module: './Home', title: '首页', layout: 'public', withoutAntd: true },
  { path: '/product', remote: 'remote_content', module: './ProductCentre', title: '产品中心', layout: 'public', withoutAntd: true },
  { path: '/productDetail', remote: 'remote_content', module: './ProductDetail', title: '产品详情', layout: 'public', withoutAntd: true },
  { path: '/solution', remote: 'remote_content', module: './Solution', title: '解决方案', layout: 'public', withoutAntd: true },
  { path: '/solutionDetail', remote: 'remote_content', module: './SolutionDetail', title: '方案详情', layout: 'public', withoutAntd: true },
  { path: '/news', remote: 'remote_content', module: './NewsCentre', title: '新闻中心', layout: 'public', withoutAntd: true },
  { path: '/newsDetail', remote: 'remote_content', module: './NewsDetail', title: '新闻详情', layout: 'public', withoutAntd: true },
  { path: '/about', remote: 'remote_content', module: './About', title: '关于我们', layout: 'public', withoutAntd: true },
  { path: '/contact', remote: 'remote_content', module: './Contact', title: '联系我们', layout: 'public', withoutAntd: true },
  { path: '/privacy', remote: 'remote_content', module: './Privacy', title: '隐私政策', layout: 'public', withoutAntd: true },
  { path: '/support', remote: 'remote_support', module: './Support', title: '服务支持', layout: 'public', withoutAntd: true },
  { path: '/document', remote: 'remote_support', module: './DocumentCentre', title: '文档中心', layout: 'public', withoutAntd: true },
  { path: '/question', remote: 'remote_support', module: './Question', title: '常见问题', layout: 'public', withoutAntd: true },
  { path: '/video', remote: 'remote_support', module: './Video', title: '视频教程', layout: 'public', withoutAntd: true },
  { path: '/videoDetail', remote: 'remote_support', module: './VideoDetail', title: '视频详情', layout: 'public', withoutAntd: true },
  { path: '/user/login', remote: 'remote_account', module: './Login', title: '登录', layout: 'account' },
  { path: '/user/register', remote: 'remote_account', module: './Register', title: '注册', layout: 'account' },
  { path: '/user/forgetPassword', remote: 'remote_account', module: './ForgetPassword', title: '忘记密码', layout: 'account' },
  { path: '/toLogin', remote: 'remote_account', module: './ToLogin', title: '微信登录', layout: 'account' },
  { path: '/wxauth', remote: 'remote_account', module: './WxAuth', title: '微信登录', layout: 'account' },
  { path: '/index/*', remote: 'remote_shell_admin', module: './AdminApp', title: '工作台', layout: 'admin', auth: true },
  { path: '/account/*', remote: 'remote_shell_admin', module: './AdminApp', title: '个人中心', layout: 'admin', auth: true },
  { path: '/admin/*', remote: 'remote_shell_admin', module: './AdminApp', title: '管理后台', layout: 'admin', auth: true },
];

/**
 * The remote route of a path, matched as the router does (case-insensitive, trailing slash ignored, `/x/*` also
 * matching `/x`), but without react-router: the entry chunk uses it before any shared library is available.
 */
export function routeFor(pathname: string): RemoteRoute | undefined {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return REMOTE_ROUTES.find((r) => {
    const pattern = r.path.toLowerCase();
    if (!pattern.endsWith('/*')) return path === pattern;
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(`${base}/`);
  });
}

/** Exposed modules each remote must provide. */
export function requiredExposes(): Record<RemoteName, string[]> {
  const out = {} as Record<RemoteName, string[]>;
  for (const r of REMOTE_ROUTES) {
    const modules = (out[r.remote] ??= []);
    if (!modules.includes(r.module)) modules.push(r.module);
  }
  return out;
}
