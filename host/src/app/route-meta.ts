import { matchPath } from 'react-router-dom';
import { formatPageTitle } from '@site/ui';
import { REMOTE_ROUTES } from '../federation/route-table';

/** Titles of the host's own pages (outside the route table). */
export const HOST_PAGES = [
  { path: '/404', title: '页面不存在', description: '您访问的页面不存在。' },
  { path: '/search', title: '站内搜索', description: '搜索本站的产品、解决方案、服务支持与新闻。' },
  { path: '/clearAll', title: '清除缓存', description: '清除本站在浏览器中保存的数据。' },
  { path: '/test', title: '运行时组成', description: '各远程模块的地址、版本与加载状态。' },
] as const;

const DEFAULT_DESCRIPTION = '电网运行风险预警、配电网故障诊断与电力安全风控软件及解决方案提供商。';

/** Meta descriptions of the public pages (one per page, A11Y/SEO). */
const DESCRIPTIONS: Record<string, string> = {
  '/': DEFAULT_DESCRIPTION,
  '/product': '电网运行风险预警、设备状态监测、安全生产风险管控等电力风控软件产品。',
  '/productDetail': '产品功能、特点与技术参数。',
  '/solution': '面向省级电网、配电网、新能源并网等场景的电力风险管控解决方案。',
  '/solutionDetail': '解决方案的背景、架构与应用成效。',
  '/news': '公司新闻、行业动态与产品发布。',
  '/newsDetail': '新闻详情。',
  '/about': '公司简介、发展历程与资质荣誉。',
  '/contact': '联系方式、公司地址与在线留言。',
  '/support': '文档中心、视频教程与常见问题等服务支持。',
  '/document': '产品手册、白皮书与部署指南下载。',
  '/question': '客户在部署与使用中最常遇到的问题解答。',
  '/video': '产品安装、配置与使用的视频教程。',
  '/videoDetail': '视频教程详情。',
  '/privacy': '我们如何收集、使用与保护您的个人信息。',
  '/user/login': '登录网站账号。',
  '/user/register': '注册网站账号。',
  '/user/forgetPassword': '重置账号密码。',
};

export interface RouteMeta {
  /** The part before the dash; empty for the home page (its title is the company name alone). */
  title: string;
  description: string;
}

export function routeMeta(pathname: string): RouteMeta {
  if (pathname === '/') return { title: '', description: DEFAULT_DESCRIPTION };
  const host = HOST_PAGES.find((p) => p.path === pathname);
  if (host) return { title: host.title, description: host.description };
  const route = REMOTE_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  if (route) return { title: route.title, description: DESCRIPTIONS[route.path] ?? DEFAULT_DESCRIPTION };
  return { title: '', description: DEFAULT_DESCRIPTION };
}

/** "<route title> - <company>" (TITLE-1), or the company alone on the home page (TITLE-3). */
export function documentTitle(pathname: string, company: string, refined?: string): string {
  return formatPageTitle(refined || routeMeta(pathname).title, company);
}
