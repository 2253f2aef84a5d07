/**
 * Seed content of a believable Chinese power-technology / risk-control software vendor.
 * Ids of channels and blocks come from @site/contract constants; article ids are fixed here so that
 * footer links can point at them.
 */
import { BLOCK_IDS, CHANNEL_IDS, COMPANY_NAME, type ActionName } from '@site/contract';
import { careersArticle } from './careers.js';
import { docDefs, releaseNotes } from './articles/documents.js';
import { faqDefs } from './articles/faqs.js';
import { newsDefs } from './articles/news.js';
import { productDefs } from './articles/products.js';
import { solutionDefs } from './articles/solutions.js';
import { videoDefs } from './articles/videos.js';
import { ASSET_MANIFEST } from './media.js';
import type { SceneKind, ScreenSpec } from './screens.js';

const C = CHANNEL_IDS;
const B = BLOCK_IDS;

export const CONTACT = {
  hotline: '400-820-6688',
  phone: '010-6298 6688',
  email: 'service@hdzk-tech.com.cn',
  salesEmail: 'sales@hdzk-tech.com.cn',
  address: '北京市海淀区中关村软件园二期 10 号楼 3 层',
  zip: '100193',
  icp: '京ICP备16088888号-1',
};

export interface SeedChannel {
  id: number;
  parentId: number | null;
  name: string;
  alias: string;
  url: string;
  nav: boolean;
  allowSearch: boolean;
  filePath: string;
  sort: number;
  image?: string;
  linkUrl?: string;
  targetBlank?: boolean;
  /** Banner line shown over the channel image. */
  subtitle?: string;
}

export const channels: SeedChannel[] = [
  { id: C.home, parentId: null, name: '首页', alias: 'home', url: '/', nav: true, allowSearch: false, filePath: 'home/index', sort: 1 },
  {
    id: C.product,
    parentId: null,
    name: '产品中心',
    alias: 'product',
    url: '/product',
    nav: true,
    allowSearch: true,
    filePath: 'product/index',
    sort: 2,
    image: '/files/images/channel-product-bg.svg',
    subtitle: '面向电力行业的风险管控软件产品',
  },
  {
    id: C.solution,
    parentId: null,
    name: '解决方案',
    alias: 'solution',
    url: '/solution',
    nav: true,
    allowSearch: true,
    filePath: 'solution/index',
    sort: 3,
    image: '/files/images/channel-solution-bg.svg',
    subtitle: '覆盖发、输、变、配、用全环节',
  },
  {
    id: C.support,
    parentId: null,
    name: '服务支持',
    alias: 'support',
    url: '/support',
    nav: true,
    allowSearch: true,
    filePath: 'support/index',
    sort: 4,
    image: '/files/images/channel-support-bg.svg',
    subtitle: '7×24 小时技术服务，文档、视频与常见问题',
  },
  {
    id: C.about,
    parentId: null,
    name: '关于我们',
    alias: 'about',
    url: '/about',
    nav: true,
    allowSearch: false,
    filePath: 'about/index',
    sort: 5,
    image: '/files/images/channel-about-bg.svg',
    subtitle: '让电网运行更安全、更智能',
  },
  {
    id: C.news,
    parentId: null,
    name: '新闻中心',
    alias: 'news',
    url: '/news',
    nav: true,
    allowSearch: true,
    filePath: 'news/index',
    sort: 6,
    image: '/files/images/channel-news-bg.svg',
    subtitle: '公司动态与行业资讯',
  },
  {
    id: C.contact,
    parentId: null,
    name: '联系我们',
    alias: 'contact',
    url: '/contact',
    nav: true,
    allowSearch: false,
    filePath: 'about/contact',
    sort: 7,
    image: '/files/images/channel-contact-bg.svg',
    subtitle: `服务热线 ${CONTACT.hotline}`,
  },
  {
    id: C.document,
    parentId: C.support,
    name: '文档中心',
    alias: 'document',
    url: '/document',
    nav: false,
    allowSearch: false,
    filePath: 'support/document',
    sort: 1,
  },
  {
    id: C.question,
    parentId: C.support,
    name: '常见问题',
    alias: 'question',
    url: '/question',
    nav: false,
    allowSearch: false,
    filePath: 'support/question',
    sort: 2,
  },
  {
    id: C.video,
    parentId: C.support,
    name: '视频教程',
    alias: 'video',
    url: '/video',
    nav: false,
    allowSearch: false,
    filePath: 'support/video',
    sort: 3,
  },
  {
    id: C.productPlatform,
    parentId: C.product,
    name: '风险管控平台',
    alias: 'product-platform',
    url: `/product?categoryId=${C.productPlatform}`,
    nav: false,
    allowSearch: false,
    filePath: 'product/category',
    sort: 1,
  },
  {
    id: C.productMonitoring,
    parentId: C.product,
    name: '监测预警系统',
    alias: 'product-monitoring',
    url: `/product?categoryId=${C.productMonitoring}`,
    nav: false,
    allowSearch: false,
    filePath: 'product/category',
    sort: 2,
  },
  {
    id: C.productAnalytics,
    parentId: C.product,
    name: '智能分析软件',
    alias: 'product-analytics',
    url: `/product?categoryId=${C.productAnalytics}`,
    nav: false,
    allowSearch: false,
    filePath: 'product/category',
    sort: 3,
  },
];

export interface SeedArticle {
  id: number;
  channelId: number;
  title: string;
  subtitle?: string;
  description: string;
  image?: string;
  video?: string;
  file?: string;
  fileName?: string;
  author?: string;
  source?: string;
  /** Days before the seed date. */
  daysAgo: number;
  text: string;
  customs?: Record<string, unknown>;
}

export interface MediaSpec {
  kind: 'cover' | 'logo' | 'logo-light' | 'icon' | 'screen' | 'scene' | 'text' | 'asset';
  rel: string;
  title?: string;
  subtitle?: string;
  hue?: number;
  motif?: number;
  w?: number;
  h?: number;
  text?: string;
  asset?: string;
  screen?: ScreenSpec;
  scene?: SceneKind;
}

export const media: MediaSpec[] = [
  { kind: 'logo', rel: 'images/logo.svg' },
  { kind: 'logo-light', rel: 'images/logo-light.svg' },
];
const cover = (rel: string, title: string, subtitle: string, hue: number, motif = 0, w = 800, h = 450) => {
  media.push({ kind: 'cover', rel, title, subtitle, hue, motif, w, h });
  return `/files/${rel}`;
};
const screen = (rel: string, spec: ScreenSpec) => {
  media.push({ kind: 'screen', rel, screen: spec });
  return `/files/${rel}`;
};
/** A file generated once by services/api-server/tools/make-media.ts and committed under services/api-server/assets (see media.json). */
const asset = (rel: string) => {
  if (!ASSET_MANIFEST[rel])
    throw new Error(`services/api-server/assets/${rel} is missing from media.json: run services/api-server/tools/make-media.ts`);
  media.push({ kind: 'asset', rel, asset: rel });
  return `/files/${rel}`;
};
// Channel banners: a picture only; the channel's name and subtitle are shown over it as text (it may be cropped).
for (const [key, hue, motif] of [
  ['product', 212, 1],
  ['solution', 190, 0],
  ['support', 160, 3],
  ['about', 222, 2],
  ['news', 200, 1],
  ['contact', 205, 3],
] as const) {
  cover(`images/channel-${key}-bg.svg`, '', '', hue, motif, 1920, 400);
}

// ---------------------------------------------------------------------------------------------
// Products (bodies in articles/products.ts; images: the product's own screens)
// ---------------------------------------------------------------------------------------------
export const articles: SeedArticle[] = [];
const productImages = productDefs.map((p, i) => ({
  image: screen(`images/product-${i + 1}.svg`, p.screen),
  detail: screen(`images/product-${i + 1}-detail.svg`, p.detail),
}));
productDefs.forEach((p, i) => {
  const { image, detail } = productImages[i];
  articles.push({
    id: 101 + i,
    channelId: p.cat,
    title: p.title,
    subtitle: p.sub,
    description: p.desc,
    image,
    author: '产品部',
    source: COMPANY_NAME,
    daysAgo: p.daysAgo,
    text: p.body(image, detail),
    customs: { features: p.features.map(([k, v]) => ({ title: k, description: v })), scenarios: p.scenarios, version: p.version, categoryId: p.cat },
  });
});

// ---------------------------------------------------------------------------------------------
// Solutions (articles/solutions.ts)
// ---------------------------------------------------------------------------------------------
solutionDefs.forEach((s, i) => {
  const image = screen(`images/solution-${i + 1}.svg`, s.screen);
  articles.push({
    id: 201 + i,
    channelId: C.solution,
    title: s.title,
    subtitle: s.sub,
    description: s.desc,
    image,
    author: '解决方案部',
    source: COMPANY_NAME,
    daysAgo: s.daysAgo,
    text: s.body(image),
    customs: { advantages: s.advantages },
  });
});

// ---------------------------------------------------------------------------------------------
// News (articles/news.ts), spread over the two years before the seed date
// ---------------------------------------------------------------------------------------------
newsDefs.forEach((n, i) => {
  let image: string;
  if ('product' in n.cover) image = productImages[n.cover.product].image;
  else {
    const rel = `images/news-${i + 1}.svg`;
    media.push({ kind: 'scene', rel, scene: n.cover.scene, title: n.cover.label, hue: 200 + ((i * 37) % 140) });
    image = `/files/${rel}`;
  }
  const industry = n.kind === '行业动态';
  articles.push({
    id: 301 + i,
    channelId: C.news,
    title: n.title,
    description: n.desc,
    image,
    author: industry ? '市场部' : '品牌部',
    source: industry ? '行业资讯' : COMPANY_NAME,
    daysAgo: n.daysAgo,
    text: n.body(image),
    customs: { category: n.kind },
  });
});

// ---------------------------------------------------------------------------------------------
// Documents (articles/documents.ts; the PDFs are committed assets with their measured page counts)
// ---------------------------------------------------------------------------------------------
docDefs.forEach((d, i) => {
  const pdf = d.file.endsWith('.pdf');
  const rel = `docs/${d.file}`;
  if (pdf) asset(rel);
  else media.push({ kind: 'text', rel, text: releaseNotes });
  const pages = ASSET_MANIFEST[rel]?.pages;
  articles.push({
    id: 401 + i,
    channelId: C.document,
    title: d.title,
    description: d.desc,
    file: `/files/${rel}`,
    fileName: `${d.title.replace(/\s+/g, '')}${pdf ? '.pdf' : '.txt'}`,
    image: undefined,
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: d.daysAgo,
    text: `${d.body}${pages ? `<p>PDF 文档，共 ${pages} 页。</p>` : ''}`,
    customs: { fileType: pdf ? 'PDF' : 'TXT', docType: d.kind, ...(pages ? { pages } : {}) },
  });
});

// ---------------------------------------------------------------------------------------------
// FAQs (articles/faqs.ts)
// ---------------------------------------------------------------------------------------------
faqDefs.forEach((f, i) => {
  articles.push({
    id: 501 + i,
    channelId: C.question,
    title: f.q,
    description: f.desc,
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: 9 + i * 44,
    text: f.body,
    customs: {},
  });
});

// ---------------------------------------------------------------------------------------------
// Videos (articles/videos.ts; committed MP4/WebM with their measured durations)
// ---------------------------------------------------------------------------------------------
/** "38 秒" / "1 分 05 秒". */
export const durationText = (s: number) => {
  const r = Math.round(s);
  return r < 60 ? `${r} 秒` : `${Math.floor(r / 60)} 分 ${String(r % 60).padStart(2, '0')} 秒`;
};
videoDefs.forEach((v, i) => {
  const mp4 = asset(`videos/${v.slug}.mp4`);
  const webmRel = `videos/${v.slug}.webm`;
  const webm = ASSET_MANIFEST[webmRel] ? asset(webmRel) : undefined;
  const poster = asset(`videos/${v.slug}.jpg`);
  const duration = ASSET_MANIFEST[`videos/${v.slug}.mp4`].duration!;
  articles.push({
    id: 601 + i,
    channelId: C.video,
    title: v.title,
    description: v.desc,
    image: poster,
    video: mp4,
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: v.daysAgo,
    text: v.body(durationText(duration)),
    customs: { duration: Math.round(duration), ...(webm ? { videoWebm: webm } : {}), poster },
  });
});

// ---------------------------------------------------------------------------------------------
// About and contact
// ---------------------------------------------------------------------------------------------
const aboutImage = cover('images/about-company.svg', COMPANY_NAME, '专注电力风险管控软件 十年', 222, 2);
articles.push(
  {
    id: 701,
    channelId: C.about,
    title: '公司简介',
    description: `${COMPANY_NAME}是一家专注于电力行业风险管控软件研发与服务的国家高新技术企业。`,
    image: aboutImage,
    author: '品牌部',
    source: COMPANY_NAME,
    daysAgo: 200,
    text: `<p><img src="${aboutImage}" alt="${COMPANY_NAME}" width="800" height="450" style="max-width:100%;height:auto"></p>
<p>${COMPANY_NAME}成立于 2016 年，总部位于北京中关村软件园，是一家专注于电力行业风险管控软件研发与服务的国家高新技术企业、国家级专精特新“小巨人”企业。</p>
<p>公司围绕电网运行、设备状态、安全生产与电力营销四大领域，提供风险预警、故障诊断、状态监测与智能分析等软件产品及解决方案，服务国家电网、南方电网、五大发电集团及地方能源企业客户 300 余家。</p>
<p>公司拥有研发人员 260 余名，获得软件著作权 120 余项、发明专利 28 项，通过 ISO 9001、ISO 27001 与 CMMI 五级认证。</p>
<h3>企业使命</h3><p>让电网运行更安全、更智能。</p><h3>核心价值观</h3><p>客户至上、专业务实、创新协作、安全第一。</p>`,
    customs: {
      section: 'intro',
      stats: [
        { label: '服务客户', value: '300+' },
        { label: '软件著作权', value: '120+' },
        { label: '研发人员', value: '260+' },
        { label: '发明专利', value: '28' },
      ],
    },
  },
  {
    id: 702,
    channelId: C.about,
    title: '发展历程',
    description: '从一支十余人的团队成长为电力风险管控软件领域的专业厂商。',
    author: '品牌部',
    source: COMPANY_NAME,
    daysAgo: 199,
    text: `<ul><li><strong>2016 年</strong>：公司在北京成立，发布首个电网运行风险评估软件。</li><li><strong>2018 年</strong>：配电网故障智能诊断系统在多个地市上线。</li><li><strong>2020 年</strong>：获评国家高新技术企业，成立华东与华南区域中心。</li><li><strong>2022 年</strong>：发布安全生产风险管控平台，通过 CMMI 五级认证。</li><li><strong>2024 年</strong>：获评国家级专精特新“小巨人”企业。</li><li><strong>2026 年</strong>：发布电网运行风险预警平台 V3.2，服务客户超过 300 家。</li></ul>`,
    customs: { section: 'history' },
  },
  {
    id: 703,
    channelId: C.about,
    title: '资质荣誉',
    description: '国家高新技术企业、专精特新“小巨人”企业、CMMI 五级。',
    author: '品牌部',
    source: COMPANY_NAME,
    daysAgo: 198,
    text: '<ul><li>国家高新技术企业</li><li>国家级专精特新“小巨人”企业</li><li>CMMI 五级认证</li><li>ISO 9001 质量管理体系认证</li><li>ISO 27001 信息安全管理体系认证</li><li>电力行业优秀数字化解决方案奖</li></ul>',
    customs: { section: 'honor' },
  },
  {
    id: 801,
    channelId: C.contact,
    title: '联系方式',
    description: `服务热线 ${CONTACT.hotline}，地址：${CONTACT.address}`,
    author: '品牌部',
    source: COMPANY_NAME,
    daysAgo: 197,
    text: `<p><strong>${COMPANY_NAME}</strong></p><ul><li>服务热线：${CONTACT.hotline}</li><li>总机：${CONTACT.phone}</li><li>技术支持邮箱：${CONTACT.email}</li><li>商务合作邮箱：${CONTACT.salesEmail}</li><li>地址：${CONTACT.address}</li><li>邮编：${CONTACT.zip}</li></ul><p>工作时间：周一至周五 9:00–18:00（技术支持 7×24 小时）</p>`,
    customs: {
      hotline: CONTACT.hotline,
      phone: CONTACT.phone,
      email: CONTACT.email,
      salesEmail: CONTACT.salesEmail,
      address: CONTACT.address,
      zip: CONTACT.zip,
      workTime: '周一至周五 9:00–18:00',
      lng: 116.2847,
      lat: 40.0531,
    },
  },
);
articles.push(careersArticle);

// ---------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------
export interface SeedBlockItem {
  blockId: number;
  title: string;
  subtitle?: string;
  description?: string;
  url?: string;
  linkUrl?: string;
  image?: string;
  targetBlank?: boolean;
  enabled?: boolean;
}
const banner = (i: number, title: string, sub: string, hue: number) => cover(`images/banner-${i}.svg`, title, sub, hue, i, 1920, 600);
export const blockItems: SeedBlockItem[] = [
  // product column
  { blockId: B.product, title: '电网运行风险预警平台', url: '/productDetail?id=101' },
  { blockId: B.product, title: '安全生产风险管控平台', url: '/productDetail?id=102' },
  { blockId: B.product, title: '配电网故障智能诊断系统', url: '/productDetail?id=104' },
  { blockId: B.product, title: '输变电设备状态监测系统', url: '/productDetail?id=105' },
  { blockId: B.product, title: '全部产品', url: '/product' },
  // application column
  { blockId: B.application, title: '省级电网风险防控', url: '/solutionDetail?id=201' },
  { blockId: B.application, title: '配电网智能运维', url: '/solutionDetail?id=202' },
  { blockId: B.application, title: '新能源并网安全', url: '/solutionDetail?id=203' },
  // the customer's own workbench (sign-in first), opened beside the public site
  { blockId: B.application, title: '客户服务门户', url: '/index', targetBlank: true },
  // about column
  { blockId: B.about, title: '公司简介', url: '/about' },
  { blockId: B.about, title: '联系我们', url: '/contact' },
  { blockId: B.about, title: '加入我们', url: '/about#careers' },
  { blockId: B.about, title: '服务支持', url: '/support' },
  // news column
  { blockId: B.news, title: '新闻中心', url: '/news' },
  { blockId: B.news, title: '文档中心', url: '/document' },
  { blockId: B.news, title: '视频教程', url: '/video' },
  { blockId: B.news, title: '常见问题', url: '/question?initData=1' },
  // copyright rows
  { blockId: B.copyright, title: `© 2016-2026 ${COMPANY_NAME} 版权所有` },
  { blockId: B.copyright, title: CONTACT.icp, url: 'https://beian.miit.gov.cn/', targetBlank: true },
  // contact details (2)
  {
    blockId: B.contact,
    title: `服务热线：${CONTACT.hotline}`,
    subtitle: CONTACT.hotline,
    image: '/files/images/icon-phone.svg',
    url: `tel:${CONTACT.hotline.replace(/-/g, '')}`,
  },
  {
    blockId: B.contact,
    title: `邮箱：${CONTACT.email}`,
    subtitle: CONTACT.email,
    image: '/files/images/icon-mail.svg',
    url: `mailto:${CONTACT.email}`,
  },
  // company logo
  { blockId: B.companyLogo, title: COMPANY_NAME, image: '/files/images/logo-light.svg', url: '/', description: '页脚白色标志' },
  // support tiles
  {
    blockId: B.documents,
    title: '文档中心',
    subtitle: '产品手册、白皮书与部署指南',
    description: '提供各产品的用户手册、部署指南、接口说明等文档下载。',
    url: '/document',
    image: '/files/images/icon-document.svg',
  },
  {
    blockId: B.videoTutorials,
    title: '视频教程',
    subtitle: '操作演示与培训视频',
    description: '通过视频快速掌握产品的安装、配置与使用。',
    url: '/video',
    image: '/files/images/icon-video.svg',
  },
  {
    blockId: B.commonQuestions,
    title: '常见问题',
    subtitle: '使用中的常见疑问解答',
    description: '汇总客户在部署与使用中最常遇到的问题。',
    url: '/question',
    image: '/files/images/icon-question.svg',
  },
  // home banner (3)
  {
    blockId: B.homeBanner,
    title: '让电网运行更安全、更智能',
    subtitle: '电网运行风险预警平台 V3.2 全新发布',
    image: banner(1, '让电网运行更安全、更智能', '电网运行风险预警平台 V3.2 全新发布', 212),
    url: '/productDetail?id=101',
  },
  {
    blockId: B.homeBanner,
    title: '配电网故障分钟级定位',
    subtitle: '配电网故障智能诊断系统',
    image: banner(2, '配电网故障分钟级定位', '配电网故障智能诊断系统', 0),
    url: '/productDetail?id=104',
  },
  {
    blockId: B.homeBanner,
    title: '双重预防机制数字化',
    subtitle: '安全生产风险管控解决方案',
    image: banner(3, '双重预防机制数字化', '安全生产风险管控解决方案', 25),
    url: '/solutionDetail?id=204',
  },
  // company
  {
    blockId: B.company,
    title: COMPANY_NAME,
    subtitle: '电力风险管控软件专业厂商',
    description: '专注电网运行、设备状态、安全生产与电力营销风险管控',
    image: '/files/images/logo.svg',
    url: '/',
  },
  // home intro (first item: the intro; then key figures: title = number, subtitle = label)
  {
    blockId: B.homeIntro,
    title: '关于华电智控',
    subtitle: '专注电力风险管控十年',
    description: `${COMPANY_NAME}成立于 2016 年，专注于电力行业风险管控软件的研发与服务，产品覆盖电网运行风险预警、配电网故障诊断、设备状态监测、安全生产风险管控等领域，服务客户 300 余家。`,
    image: aboutImage,
    url: '/about',
  },
  { blockId: B.homeIntro, title: '300+', subtitle: '服务电力客户' },
  { blockId: B.homeIntro, title: '120+', subtitle: '软件著作权' },
  { blockId: B.homeIntro, title: '28', subtitle: '发明专利' },
  { blockId: B.homeIntro, title: '99.9%', subtitle: '系统可用率' },
  // a disabled item (must never be listed)
  { blockId: B.news, title: '已下线栏目', url: '/news?old=1', enabled: false },
];
media.push(
  { kind: 'icon', rel: 'images/icon-phone.svg', title: '电话', hue: 212 },
  { kind: 'icon', rel: 'images/icon-mail.svg', title: '邮箱', hue: 160 },
  { kind: 'icon', rel: 'images/icon-document.svg', title: '文档', hue: 212 },
  { kind: 'icon', rel: 'images/icon-video.svg', title: '视频', hue: 0 },
  { kind: 'icon', rel: 'images/icon-question.svg', title: '问答', hue: 95 },
  { kind: 'icon', rel: 'images/avatar-default.svg', title: '用户', hue: 220 },
);

// ---------------------------------------------------------------------------------------------
// Notices, dictionary, configs, customers, roles, users, menus
// ---------------------------------------------------------------------------------------------
export const notices: { title: string; type: '1' | '2' | '3'; content: string; status?: '0' | '1'; daysAgo: number; by: string }[] = [
  {
    title: '关于系统升级维护的通知',
    type: '1',
    daysAgo: 1,
    by: 'admin',
    content: '<p>为提升服务质量，系统将于本周六 22:00 至次日 02:00 进行升级维护，期间部分功能暂停使用，敬请谅解。</p>',
  },
  {
    title: '电网运行风险预警平台 V3.2.0 正式发布',
    type: '2',
    daysAgo: 2,
    by: 'admin',
    content:
      '<p>V3.2.0 新增<strong>风险规则可视化配置</strong>、分级预警企业微信推送等功能。</p><ul><li>N-1 分析性能提升 35%</li><li>修复若干已知问题</li></ul>',
  },
  {
    title: '关于开展迎峰度夏保供电专项服务的通知',
    type: '1',
    daysAgo: 6,
    by: 'admin',
    content: '<p>迎峰度夏期间，公司组织专项技术保障小组提供 7×24 小时远程值守服务。</p>',
  },
  {
    title: '2026 年度用户大会报名开启',
    type: '3',
    daysAgo: 8,
    by: 'editor',
    content: '<p>2026 年度用户大会将于 11 月在北京举行，欢迎各位客户报名参加。</p>',
  },
  { title: '客户服务门户上线公告', type: '2', daysAgo: 12, by: 'admin', content: '<p>客户服务门户已上线，可在线提交工单、下载升级包与文档。</p>' },
  {
    title: '关于加强账号密码安全管理的通知',
    type: '1',
    daysAgo: 15,
    by: 'admin',
    content:
      '<p>请各位用户定期修改密码，密码长度不少于 8 位并包含字母和数字。</p><img src="x" onerror="alert(\'xss\')"><script>alert("xss")</script><p>如有疑问请联系管理员。</p>',
  },
  { title: '国庆节假期技术支持安排', type: '2', daysAgo: 40, by: 'editor', content: '<p>国庆假期期间技术支持热线正常值守，现场服务请提前预约。</p>' },
  { title: '安全生产月线上知识竞赛', type: '3', daysAgo: 55, by: 'editor', content: '<p>参与线上知识竞赛，赢取精美礼品。</p>' },
  { title: '许可证到期提醒', type: '1', daysAgo: 70, by: 'admin', content: '<p>部分客户的许可证将于 30 天内到期，请及时联系商务人员续期。</p>' },
  { title: '公司办公地址变更公告', type: '2', daysAgo: 90, by: 'admin', content: '<p>公司已迁至北京市海淀区中关村软件园二期 10 号楼 3 层。</p>' },
  { title: '新产品体验官招募', type: '3', daysAgo: 120, by: 'editor', content: '<p>诚邀客户参与新产品体验，提出宝贵意见。</p>' },
  { title: '旧版客户端停止维护通知（已关闭）', type: '1', status: '1', daysAgo: 200, by: 'admin', content: '<p>V2.x 客户端已停止维护。</p>' },
];

export const dictData = [
  { type: 'sys_notice_type', label: '通知', value: '1', sort: 1, listClass: 'warning', isDefault: 'Y' },
  { type: 'sys_notice_type', label: '公告', value: '2', sort: 2, listClass: 'success', isDefault: 'N' },
  { type: 'sys_notice_type', label: '活动', value: '3', sort: 3, listClass: 'primary', isDefault: 'N' },
  { type: 'sys_notice_status', label: '正常', value: '0', sort: 1, listClass: 'primary', isDefault: 'Y' },
  { type: 'sys_notice_status', label: '关闭', value: '1', sort: 2, listClass: 'danger', isDefault: 'N' },
  { type: 'sys_normal_disable', label: '正常', value: '0', sort: 1, listClass: 'primary', isDefault: 'Y' },
  { type: 'sys_normal_disable', label: '停用', value: '1', sort: 2, listClass: 'danger', isDefault: 'N' },
  { type: 'sys_user_sex', label: '男', value: '0', sort: 1, listClass: '', isDefault: 'Y' },
  { type: 'sys_user_sex', label: '女', value: '1', sort: 2, listClass: '', isDefault: 'N' },
  { type: 'sys_user_sex', label: '未知', value: '2', sort: 3, listClass: '', isDefault: 'N' },
  { type: 'sys_yes_no', label: '是', value: 'Y', sort: 1, listClass: 'primary', isDefault: 'Y' },
  { type: 'sys_yes_no', label: '否', value: 'N', sort: 2, listClass: 'danger', isDefault: 'N' },
];

export const configs: [string, string, string][] = [
  ['sys.account.captchaEnabled', '账号自助-验证码开关', 'true'],
  ['sys.account.registerUser', '账号自助-是否开启用户注册功能', 'true'],
  ['sys.account.initPasswordModify', '账号自助-初始密码修改策略', '1'],
  ['sys.index.skinName', '主框架页-默认皮肤样式名称', 'skin-blue'],
  ['sys.user.initPassword', '用户管理-账号初始密码', '******'],
  ['site.productVersion', '站点-产品版本', 'V3.2.0'],
  ['site.companyName', '站点-公司名称', COMPANY_NAME],
  // The customer-service page of the support link: none until one is configured (SUPPORT_URL or this key).
  ['site.supportUrl', '站点-客服页面地址', ''],
  ['site.hotline', '站点-服务热线', CONTACT.hotline],
];

export const customers = [
  // productName/productVersion: what the customer runs (011_workbench.sql gives an older database the same).
  {
    name: '国网华东某省电力有限公司',
    contactName: '李工',
    phone: '13900000001',
    industry: '电网',
    level: 'A',
    address: '华东某省省会市电力大厦',
    productName: '电网运行风险预警平台',
    productVersion: 'V3.2.0',
  },
  {
    name: '南方某市供电局',
    contactName: '陈工',
    phone: '13900000002',
    industry: '电网',
    level: 'B',
    address: '南方某市供电大楼',
    productName: '配电网故障智能诊断系统',
    productVersion: 'V2.6.1',
  },
  {
    name: '某新能源发电集团有限公司',
    contactName: '王经理',
    phone: '13900000003',
    industry: '发电',
    level: 'A',
    address: '西北某市新能源产业园',
    productName: '新能源场站功率预测与风险评估系统',
    productVersion: 'V1.8.3',
  },
];

export const roles = [
  { roleKey: 'admin', roleName: '超级管理员', perms: ['*:*:*'] },
  {
    roleKey: 'editor',
    roleName: '内容编辑',
    perms: [
      'content:message:list',
      'content:message:query',
      'content:message:edit',
      'content:message:export',
      'content:visit:list',
      'content:visit:query',
      'system:notice:list',
      'system:notice:query',
      'system:notice:get',
      'system:notice:add',
      'system:notice:edit',
      // articles: everything but delete (migrations/004_articles.sql gives the same to older databases)
      'content:article:list',
      'content:article:query',
      'content:article:get',
      'content:article:add',
      'content:article:edit',
    ],
  },
];

/**
 * The test accounts, created only with SITE_TEST_ACCOUNTS=1 (seed/accounts.ts); no other start knows these passwords.
 * customerIndex: index in customers.
 */
export const testUsers = [
  {
    userName: 'admin',
    nickName: '系统管理员',
    password: 'admin123',
    phone: '15888888888',
    email: 'admin@hdzk-tech.com.cn',
    roles: ['admin'],
    customerIndex: 0,
    deptId: 103,
    postIds: [1],
  },
  {
    userName: 'editor',
    nickName: '内容编辑',
    password: 'editor123',
    phone: '15666666666',
    email: 'editor@hdzk-tech.com.cn',
    roles: ['editor'],
    customerIndex: null,
    deptId: 105,
    postIds: [2],
  },
  {
    userName: '13800138000',
    nickName: '张工',
    password: 'customer123',
    phone: '13800138000',
    email: '',
    roles: [],
    customerIndex: 1,
    deptId: null,
    postIds: [],
  },
  {
    userName: '13800138001',
    nickName: '刘经理',
    password: 'customer123',
    phone: '13800138001',
    email: '',
    roles: [],
    customerIndex: 2,
    deptId: null,
    postIds: [],
  },
  {
    userName: '13800138002',
    nickName: '赵工',
    password: null,
    phone: '13800138002',
    email: '',
    roles: [],
    customerIndex: 0,
    deptId: null,
    postIds: [],
  },
];

/**
 * Messages the test customers wrote while signed in, with the staff's answers where there is one (their workbench,
 * issue 19). Created with the test accounts only (seed/accounts.ts).
 */
export const testCustomerMessages: {
  userName: string;
  title: string;
  text: string;
  daysAgo: number;
  reply: string | null;
  repliedBy: string | null;
  repliedDaysAgo: number | null;
}[] = [
  {
    userName: '13800138000',
    title: '故障诊断报告导出缺少录波波形图',
    text: '使用 V2.6.1 导出单次故障的诊断报告时，PDF 中缺少录波波形图，页面上能正常显示。请协助排查。',
    daysAgo: 9,
    reply: '您好，该问题已在 V2.6.2 补丁中修复。请在文档中心下载《配电网故障智能诊断系统用户手册》中“版本升级”一节所述的补丁包，升级后重新导出即可。',
    repliedBy: 'admin',
    repliedDaysAgo: 8,
  },
  {
    userName: '13800138000',
    title: '申请开通两个调度员账号',
    text: '我局新增两名配网调度员，需要开通系统账号并分配“故障研判”权限，请告知办理流程。',
    daysAgo: 2,
    reply: null,
    repliedBy: null,
    repliedDaysAgo: null,
  },
  {
    userName: '13800138001',
    title: '功率预测日前曲线偏差较大',
    text: '近一周风电场日前功率预测的均方根误差超过 18%，是否需要重新训练预测模型？',
    daysAgo: 5,
    reply: '您好，已远程检查：测风塔数据自 3 天前中断，模型使用了缺省气象输入。请现场恢复测风塔通信，我们将在数据恢复后重新训练模型。',
    repliedBy: 'admin',
    repliedDaysAgo: 4,
  },
];

/** RuoYi menus: type M = directory, C = page, L = external link (stored as C with is_frame), F = an action of a page. */
const pageMenus = [
  {
    id: 1,
    parent: 0,
    name: '内容管理',
    route: 'Content',
    path: '/admin/content',
    component: 'Layout',
    perms: null,
    icon: 'form',
    type: 'M',
    order: 1,
  },
  {
    id: 101,
    parent: 1,
    name: '文章管理',
    route: 'Article',
    path: 'article',
    component: 'content/article/index',
    perms: 'content:article:list',
    icon: 'edit',
    type: 'C',
    order: 0,
  },
  {
    id: 11,
    parent: 1,
    name: '留言板',
    route: 'MessageBoard',
    path: 'message-board',
    component: 'content/message-board/index',
    perms: 'content:message:list',
    icon: 'message',
    type: 'C',
    order: 1,
  },
  {
    id: 12,
    parent: 1,
    name: '访问统计',
    route: 'Visits',
    path: 'visits',
    component: 'content/visits/index',
    perms: 'content:visit:list',
    icon: 'chart',
    type: 'C',
    order: 2,
  },
  // 栏目管理 / 区块管理 (issue 18.2; migration 005 adds them to a database seeded before)
  {
    id: 111,
    parent: 1,
    name: '栏目管理',
    route: 'Channel',
    path: 'channel',
    component: 'content/channel/index',
    perms: 'content:channel:list',
    icon: 'tree',
    type: 'C',
    order: 3,
  },
  {
    id: 112,
    parent: 1,
    name: '区块管理',
    route: 'Block',
    path: 'block',
    component: 'content/block/index',
    perms: 'content:block:list',
    icon: 'component',
    type: 'C',
    order: 4,
  },
  {
    id: 2,
    parent: 0,
    name: '系统管理',
    route: 'System',
    path: '/admin/system',
    component: 'Layout',
    perms: null,
    icon: 'system',
    type: 'M',
    order: 2,
  },
  {
    id: 21,
    parent: 2,
    name: '通知公告',
    route: 'Notice',
    path: 'notice',
    component: 'system/notice/index',
    perms: 'system:notice:list',
    icon: 'message',
    type: 'C',
    order: 1,
  },
  {
    id: 22,
    parent: 2,
    name: '字典管理',
    route: 'Dict',
    path: 'dict',
    component: 'system/dict/index',
    perms: 'system:dict:list',
    icon: 'dict',
    type: 'C',
    order: 2,
  },
  {
    id: 209,
    parent: 2,
    name: '操作日志',
    route: 'Audit',
    path: 'audit',
    component: 'system/audit/index',
    perms: 'system:audit:list',
    icon: 'history',
    type: 'C',
    order: 9,
  },
  // 登录日志 (issue 27.4; migrations/016_login_log.sql adds it to an older database)
  {
    id: 210,
    parent: 2,
    name: '登录日志',
    route: 'LoginLog',
    path: 'logininfor',
    component: 'system/logininfor/index',
    perms: 'system:logininfor:list',
    icon: 'log',
    type: 'C',
    order: 10,
  },
  {
    id: 4,
    parent: 0,
    name: '帮助中心',
    route: 'Help',
    // the public 服务支持 pages (documents, FAQ, videos), opened beside the shell
    path: '/support',
    component: 'Layout',
    perms: null,
    icon: 'guide',
    type: 'L',
    order: 4,
  },
  // 系统管理 > people (issue 18.6); migrations/013_people.sql adds them to an older database.
  {
    id: 201,
    parent: 2,
    name: '用户管理',
    route: 'User',
    path: 'user',
    component: 'system/user/index',
    perms: 'system:user:list',
    icon: 'user',
    type: 'C',
    order: 11,
  },
  {
    id: 202,
    parent: 2,
    name: '角色管理',
    route: 'Role',
    path: 'role',
    component: 'system/role/index',
    perms: 'system:role:list',
    icon: 'peoples',
    type: 'C',
    order: 12,
  },
  {
    id: 203,
    parent: 2,
    name: '客户管理',
    route: 'Customer',
    path: 'customer',
    component: 'system/customer/index',
    perms: 'system:customer:list',
    icon: 'peoples',
    type: 'C',
    order: 13,
  },
  // SHELL-8: the flag of the user dropdown's 个人设置 entry (its visible column). The page itself is a static route of the
  // shell; this row only carries the flag (migrations/014_settings_menu.sql adds it to an older database).
  {
    id: 5,
    parent: 0,
    name: '个人设置',
    route: 'AccountSettings',
    path: '/account/settings',
    component: 'static/account-settings',
    perms: null,
    icon: 'setting',
    type: 'C',
    order: 9,
  },
];

/**
 * The actions of each page (RuoYi's buttons, type F, under their page), ids `first`, `first + 1`, …: exactly what the
 * page's controls and the calls it makes check, so ticking a page in 角色管理 (which ticks its actions) gives a role
 * that works, and no page offers an action it does not have (字典管理 and 操作日志 are read-only: none).
 * migrations/015_page_actions.sql adds the same rows to an older database.
 */
export const pageActions: { page: number; first: number; resource: string; actions: [ActionName, string][] }[] = [
  {
    page: 101,
    first: 1011,
    resource: 'content:article',
    actions: [
      ['query', '文章查询'],
      ['get', '文章查看'],
      ['add', '文章新增'],
      ['edit', '文章修改'],
      ['delete', '文章删除'],
    ],
  },
  {
    page: 11,
    first: 1021,
    resource: 'content:message',
    actions: [
      ['edit', '留言处理'],
      ['delete', '留言删除'],
      ['export', '留言导出'],
    ],
  },
  {
    page: 12,
    first: 1031,
    resource: 'content:visit',
    actions: [
      ['query', '访问分析'],
      ['export', '访问导出'],
    ],
  },
  {
    page: 111,
    first: 1041,
    resource: 'content:channel',
    actions: [
      ['query', '栏目查询'],
      ['add', '栏目新增'],
      ['edit', '栏目修改'],
      ['delete', '栏目删除'],
    ],
  },
  {
    page: 112,
    first: 1051,
    resource: 'content:block',
    actions: [
      ['query', '区块查询'],
      ['add', '区块新增'],
      ['edit', '区块修改'],
      ['delete', '区块删除'],
    ],
  },
  {
    page: 21,
    first: 1061,
    resource: 'system:notice',
    actions: [
      ['query', '公告查询'],
      ['add', '公告新增'],
      ['edit', '公告修改'],
      ['delete', '公告删除'],
      ['export', '公告导出'],
    ],
  },
  {
    page: 201,
    first: 1071,
    resource: 'system:user',
    actions: [
      ['query', '用户查询'],
      ['add', '用户新增'],
      ['edit', '用户修改'],
      ['enable', '用户启用'],
      ['disable', '用户停用'],
    ],
  },
  {
    page: 202,
    first: 1081,
    resource: 'system:role',
    actions: [
      ['query', '角色查询'],
      ['get', '角色查看'],
      ['add', '角色新增'],
      ['edit', '角色修改'],
      ['delete', '角色删除'],
    ],
  },
  {
    page: 203,
    first: 1091,
    resource: 'system:customer',
    actions: [
      ['query', '客户查询'],
      ['get', '客户查看'],
      ['enable', '客户启用'],
      ['disable', '客户停用'],
    ],
  },
];

const actionMenus = pageActions.flatMap((p) =>
  p.actions.map(([action, name], i) => ({
    id: p.first + i,
    parent: p.page,
    name,
    route: '',
    path: '',
    component: null,
    perms: `${p.resource}:${action}`,
    icon: '#',
    type: 'F',
    order: i + 1,
  })),
);

export const menus = [...pageMenus, ...actionMenus];

/** A role's menus: its pages, and the actions of those pages its permissions grant. */
function withActions(roleKey: string, pages: number[]): number[] {
  const perms = roles.find((r) => r.roleKey === roleKey)?.perms ?? [];
  return [...pages, ...actionMenus.filter((m) => pages.includes(m.parent) && perms.includes(m.perms)).map((m) => m.id)];
}

export const roleMenus: Record<string, number[]> = {
  admin: menus.map((m) => m.id),
  editor: withActions('editor', [1, 101, 11, 12, 2, 21, 5]),
};
