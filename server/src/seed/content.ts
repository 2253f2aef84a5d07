/**
 * Seed content of a believable Chinese power-technology / risk-control software vendor.
 * Ids of channels and blocks come from @site/contract constants; article ids are fixed here so that
 * footer links can point at them.
 */
import { BLOCK_IDS, CHANNEL_IDS, COMPANY_NAME } from '@site/contract';

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
    image: '/files/images/channel-product.svg',
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
    image: '/files/images/channel-solution.svg',
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
    image: '/files/images/channel-support.svg',
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
    image: '/files/images/channel-about.svg',
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
    image: '/files/images/channel-news.svg',
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
    image: '/files/images/channel-contact.svg',
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
  kind: 'cover' | 'logo' | 'logo-light' | 'icon' | 'pdf' | 'text' | 'asset';
  rel: string;
  title?: string;
  subtitle?: string;
  hue?: number;
  motif?: number;
  w?: number;
  h?: number;
  paragraphs?: string[];
  text?: string;
  asset?: string;
}

export const media: MediaSpec[] = [
  { kind: 'logo', rel: 'images/logo.svg' },
  { kind: 'logo-light', rel: 'images/logo-light.svg' },
  { kind: 'asset', rel: 'videos/demo.mp4', asset: 'demo.mp4' },
  { kind: 'asset', rel: 'videos/demo.webm', asset: 'demo.webm' },
];
const cover = (rel: string, title: string, subtitle: string, hue: number, motif = 0, w = 800, h = 450) => {
  media.push({ kind: 'cover', rel, title, subtitle, hue, motif, w, h });
  return `/files/${rel}`;
};
cover('images/channel-product.svg', '产品中心', '面向电力行业的风险管控软件产品', 212, 1, 1920, 400);
cover('images/channel-solution.svg', '解决方案', '覆盖发、输、变、配、用全环节', 190, 0, 1920, 400);
cover('images/channel-support.svg', '服务支持', '7×24 小时技术服务，文档、视频与常见问题', 160, 3, 1920, 400);
cover('images/channel-about.svg', '关于我们', '让电网运行更安全、更智能', 222, 2, 1920, 400);
cover('images/channel-news.svg', '新闻中心', '公司动态与行业资讯', 200, 1, 1920, 400);
cover('images/channel-contact.svg', '联系我们', `服务热线 ${CONTACT.hotline}`, 205, 3, 1920, 400);

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------
interface ProductDef {
  title: string;
  sub: string;
  cat: number;
  desc: string;
  features: [string, string][];
  scenarios: string[];
  hue: number;
}
const productDefs: ProductDef[] = [
  {
    title: '电网运行风险预警平台',
    sub: 'RiskEye 3.2',
    cat: C.productPlatform,
    hue: 212,
    desc: '基于电网实时运行数据与设备状态，对 N-1 风险、重过载、电压越限等进行分钟级评估与分级预警，支撑调度人员提前处置。',
    features: [
      ['多源数据融合', '接入 SCADA、PMU、设备台账与气象数据，统一建模'],
      ['分钟级风险评估', '滚动开展 N-1 静态安全分析与风险量化'],
      ['分级预警推送', '按红橙黄蓝四级自动推送至调度与运维人员'],
      ['处置闭环管理', '预警—处置—复核全流程留痕，可追溯'],
    ],
    scenarios: ['省级调度控制中心', '地市供电公司调控中心', '大型工业园区配电网'],
  },
  {
    title: '安全生产风险管控平台',
    sub: '双重预防机制数字化',
    cat: C.productPlatform,
    hue: 25,
    desc: '落实安全风险分级管控与隐患排查治理双重预防机制，覆盖风险辨识、管控措施、隐患闭环与考核评价。',
    features: [
      ['风险辨识评估', '内置 LEC、风险矩阵等评估方法与电力行业风险库'],
      ['隐患排查治理', '移动端巡查、拍照上报、整改闭环'],
      ['作业现场管控', '高风险作业票审批与视频监督'],
      ['安全绩效看板', '多维统计分析，自动生成月报'],
    ],
    scenarios: ['发电集团及电厂', '供电公司运检部', '电力施工企业'],
  },
  {
    title: '电力调度风险防控系统',
    sub: '调度操作全过程防误',
    cat: C.productPlatform,
    hue: 260,
    desc: '面向调度操作票、检修计划与倒闸操作的全过程风险防控，智能校核操作顺序与运行方式风险。',
    features: [
      ['操作票智能校核', '基于拓扑的防误规则校核'],
      ['检修计划风险评估', '自动评估检修方式下的供电风险'],
      ['运行方式推演', '预想事故推演与预案生成'],
      ['调度日志分析', '关键操作自动归档'],
    ],
    scenarios: ['省地县调度', '集控中心', '新能源集控站'],
  },
  {
    title: '配电网故障智能诊断系统',
    sub: 'FaultSense',
    cat: C.productMonitoring,
    hue: 0,
    desc: '融合配电自动化、故障指示器与用电信息采集数据，实现配电网故障快速定位、隔离与原因智能诊断。',
    features: [
      ['故障快速定位', '分钟级定位故障区段，准确率 95% 以上'],
      ['故障原因研判', '基于波形特征与机器学习识别故障类型'],
      ['抢修工单联动', '自动派发抢修工单并跟踪进度'],
      ['停电影响分析', '精确统计停电用户与重要客户'],
    ],
    scenarios: ['城市配电网', '农村配电网', '工业园区'],
  },
  {
    title: '输变电设备状态监测系统',
    sub: '在线监测与健康评价',
    cat: C.productMonitoring,
    hue: 140,
    desc: '对变压器、GIS、开关柜、输电线路等关键设备开展在线监测与健康评价，提前发现设备缺陷。',
    features: [
      ['多类型传感接入', '油色谱、局放、温度、覆冰、舞动等统一接入'],
      ['设备健康评分', '依据导则自动计算健康指数'],
      ['缺陷趋势预测', '基于时间序列模型预测劣化趋势'],
      ['检修策略建议', '状态检修辅助决策'],
    ],
    scenarios: ['变电站', '输电线路', '换流站'],
  },
  {
    title: '新能源场站功率预测与风险评估系统',
    sub: '风光功率预测',
    cat: C.productMonitoring,
    hue: 95,
    desc: '面向风电与光伏场站，提供短期与超短期功率预测、并网风险评估及考核分析，降低考核电量。',
    features: [
      ['功率预测', '短期 72 小时、超短期 4 小时滚动预测'],
      ['并网风险评估', '评估电压与频率越限风险'],
      ['考核电量分析', '两个细则考核自动统计'],
      ['气象数据服务', '数值天气预报接入与订正'],
    ],
    scenarios: ['风电场', '光伏电站', '新能源集控中心'],
  },
  {
    title: '电力营销稽查智能分析软件',
    sub: '营销风险识别',
    cat: C.productAnalytics,
    hue: 45,
    desc: '利用用电数据挖掘窃电、违约用电与电费差错等营销风险，辅助稽查人员精准定位异常用户。',
    features: [
      ['窃电嫌疑识别', '多模型融合识别异常用电行为'],
      ['电费差错核查', '自动核对计量与计费参数'],
      ['稽查任务管理', '线索—稽查—结果全流程管理'],
      ['营销风险画像', '客户级风险评分'],
    ],
    scenarios: ['供电公司营销部', '计量中心', '客户服务中心'],
  },
  {
    title: '电力数据质量治理工具',
    sub: 'DataGuard',
    cat: C.productAnalytics,
    hue: 300,
    desc: '面向电力业务系统的数据质量检测、清洗与治理工具，为风险分析提供准确、完整、及时的数据基础。',
    features: [
      ['质量规则库', '内置 300 余条电力数据质量规则'],
      ['问题数据追踪', '问题数据定位到源系统与责任人'],
      ['治理成效评估', '数据质量评分与趋势'],
      ['元数据管理', '统一数据标准与血缘分析'],
    ],
    scenarios: ['数据中台', '调控云', '营配贯通'],
  },
];

const productHtml = (p: ProductDef, image: string) => `<h2>产品概述</h2>
<p>${p.desc}</p>
<p><img src="${image}" alt="${p.title}" width="800" height="450" style="max-width:100%;height:auto"></p>
<h2>核心功能</h2>
<ul>${p.features.map(([k, v]) => `<li><strong>${k}</strong>：${v}</li>`).join('')}</ul>
<h2>技术指标</h2>
<table><thead><tr><th>指标</th><th>参数</th></tr></thead><tbody>
<tr><td>系统可用率</td><td>≥ 99.9%</td></tr><tr><td>告警推送时延</td><td>≤ 5 秒</td></tr>
<tr><td>并发用户</td><td>≥ 500</td></tr><tr><td>部署方式</td><td>私有化部署 / 信创环境 / 云化部署</td></tr>
</tbody></table>
<h2>适用场景</h2>
<p>${p.scenarios.join('、')}。</p>
<h2>客户价值</h2>
<p>通过“${p.title}”，客户可将风险管理从事后处置转向事前预警与事中管控，平均缩短风险处置时间 40% 以上，显著提升安全运行水平。</p>`;

export const articles: SeedArticle[] = [];
productDefs.forEach((p, i) => {
  const image = cover(`images/product-${i + 1}.svg`, p.title, p.sub, p.hue, i);
  articles.push({
    id: 101 + i,
    channelId: p.cat,
    title: p.title,
    subtitle: p.sub,
    description: p.desc,
    image,
    author: '产品部',
    source: COMPANY_NAME,
    daysAgo: 30 + i * 17,
    text: productHtml(p, image),
    customs: { features: p.features.map(([k, v]) => ({ title: k, description: v })), scenarios: p.scenarios, version: 'V3.2.0', categoryId: p.cat },
  });
});

// ---------------------------------------------------------------------------------------------
// Solutions
// ---------------------------------------------------------------------------------------------
const solutionDefs: [string, string, string, number][] = [
  [
    '省级电网运行风险防控解决方案',
    '调控一体化风险防控',
    '以电网运行风险预警平台为核心，构建“监测—评估—预警—处置”的省级电网运行风险防控体系，覆盖主网与重要断面。',
    212,
  ],
  ['配电网智能运维解决方案', '故障分钟级定位', '融合配电自动化与设备状态监测，实现配电网故障快速定位、主动抢修与设备全寿命周期管理。', 0],
  ['新能源并网安全解决方案', '风光储协同', '面向高比例新能源接入场景，提供功率预测、并网风险评估与涉网安全管理，保障新能源安全消纳。', 95],
  ['发电企业安全生产双重预防解决方案', '风险分级管控 + 隐患排查治理', '帮助发电企业落实双重预防机制，实现安全风险可视、可控、可追溯。', 25],
  ['电力园区综合能源风险监测解决方案', '园区能源安全', '对园区供配电、储能与充电设施进行统一监测与风险分析，提升园区能源安全与能效水平。', 160],
];
solutionDefs.forEach(([title, sub, desc, hue], i) => {
  const image = cover(`images/solution-${i + 1}.svg`, title, sub, hue, i + 1);
  articles.push({
    id: 201 + i,
    channelId: C.solution,
    title,
    subtitle: sub,
    description: desc,
    image,
    author: '解决方案部',
    source: COMPANY_NAME,
    daysAgo: 20 + i * 23,
    text: `<h2>行业挑战</h2><p>随着新型电力系统建设加快，电网结构日益复杂，${sub}面临数据分散、风险识别滞后、处置依赖经验等挑战。</p>
<h2>方案架构</h2><p>${desc}</p><p><img src="${image}" alt="${title}" width="800" height="450" style="max-width:100%;height:auto"></p>
<ol><li>感知层：统一接入各类监测终端与业务系统数据；</li><li>平台层：风险模型库、规则引擎与知识图谱；</li><li>应用层：风险预警、处置协同与统计分析。</li></ol>
<h2>方案优势</h2><ul><li>符合国家电网、南方电网相关技术规范；</li><li>支持信创环境部署；</li><li>模块化设计，可分步实施。</li></ul>
<h2>典型案例</h2><p>已在多个省级电网公司与大型发电集团落地应用，风险预警准确率提升至 92%，隐患整改及时率达到 98%。</p>`,
    customs: { advantages: ['符合行业规范', '信创适配', '分步实施'] },
  });
});

// ---------------------------------------------------------------------------------------------
// News (22, spread over the last year)
// ---------------------------------------------------------------------------------------------
const newsTitles: [string, string][] = [
  ['公司发布电网运行风险预警平台 V3.2 版本', '公司新闻'],
  ['华电智控亮相 2026 中国电力信息化大会', '公司新闻'],
  ['国家能源局发布电力安全生产风险管控新要求', '行业动态'],
  ['配电网故障智能诊断系统在华东某市成功上线', '公司新闻'],
  ['公司通过 CMMI 五级复评', '公司新闻'],
  ['新型电力系统建设加速，风险防控需求持续增长', '行业动态'],
  ['华电智控与某高校共建电力人工智能联合实验室', '公司新闻'],
  ['公司荣获“电力行业优秀数字化解决方案”奖', '公司新闻'],
  ['迎峰度夏保供电：风险预警平台助力电网安全运行', '公司新闻'],
  ['新能源功率预测系统完成信创适配认证', '公司新闻'],
  ['电力监控系统网络安全防护规定修订解读', '行业动态'],
  ['公司举办 2026 年度用户大会', '公司新闻'],
  ['输变电设备状态监测系统入选省级首台套目录', '公司新闻'],
  ['分布式光伏大规模接入带来的配电网风险分析', '行业动态'],
  ['华电智控获评国家级专精特新“小巨人”企业', '公司新闻'],
  ['安全生产月：公司开展风险管控专题培训', '公司新闻'],
  ['电力行业数据要素价值释放的路径探讨', '行业动态'],
  ['公司西南区域服务中心在成都揭牌', '公司新闻'],
  ['台风“海燕”期间远程技术保障纪实', '公司新闻'],
  ['电力营销稽查智能分析软件助力降损增效', '公司新闻'],
  ['虚拟电厂发展现状与风险管控要点', '行业动态'],
  ['公司党支部开展“安全生产责任在肩”主题活动', '公司新闻'],
];
newsTitles.forEach(([title, kind], i) => {
  const daysAgo = 3 + Math.round((i * 360) / newsTitles.length);
  const image = cover(`images/news-${i + 1}.svg`, title.length > 16 ? `${title.slice(0, 16)}…` : title, kind, 200 + ((i * 37) % 140), i);
  articles.push({
    id: 301 + i,
    channelId: C.news,
    title,
    description: `${title}。${kind === '行业动态' ? '本文梳理了相关政策与技术要点，供电力企业参考。' : '华电智控持续以技术创新服务电力安全生产。'}`,
    image,
    author: kind === '行业动态' ? '市场部' : '品牌部',
    source: kind === '行业动态' ? '行业资讯' : COMPANY_NAME,
    daysAgo,
    text: `<p>${title}。</p><p>近日，${kind === '行业动态' ? '行业主管部门与多家电力企业围绕这一主题展开深入交流。' : '华电智控科技有限公司围绕电力安全与风险管控持续发力，取得新的进展。'}</p>
<p><img src="${image}" alt="${title}" width="800" height="450" style="max-width:100%;height:auto"></p>
<h2>主要内容</h2><ul><li>聚焦电网运行风险、设备风险与安全生产风险的数字化管控；</li><li>推动人工智能、大数据技术在电力行业的落地应用；</li><li>强化客户服务与生态合作。</li></ul>
<p>下一步，公司将继续深耕电力风险管控领域，为客户提供更加安全、可靠、智能的产品与服务。</p>`,
    customs: { category: kind },
  });
});

// ---------------------------------------------------------------------------------------------
// Documents (10, downloadable)
// ---------------------------------------------------------------------------------------------
const docDefs: [string, string, string][] = [
  ['电网运行风险预警平台产品白皮书 V3.2', 'risk-warning-platform-whitepaper-v3.2.pdf', '产品白皮书'],
  ['配电网故障智能诊断系统用户手册', 'fault-diagnosis-user-manual.pdf', '用户手册'],
  ['安全生产风险管控平台部署指南', 'safety-platform-deployment-guide.pdf', '部署指南'],
  ['输变电设备状态监测系统接口说明', 'condition-monitoring-api-reference.pdf', '接口文档'],
  ['新能源场站功率预测系统操作手册', 'power-forecast-operation-manual.pdf', '用户手册'],
  ['电力调度风险防控系统快速入门', 'dispatch-risk-quick-start.pdf', '快速入门'],
  ['省级电网运行风险防控解决方案技术方案书', 'provincial-grid-solution-proposal.pdf', '技术方案'],
  ['产品软件运行环境要求清单', 'runtime-environment-requirements.pdf', '部署指南'],
  ['系统运维与数据备份规范', 'operations-and-backup-standard.pdf', '运维规范'],
  ['V3.2.0 版本发布说明', 'release-notes-v3.2.0.txt', '发布说明'],
];
docDefs.forEach(([title, file, kind], i) => {
  const paragraphs = [
    `文档类型：${kind}。适用版本：V3.2.0。`,
    `本文档介绍${title.replace(/ V3\.2$/, '')}的相关内容，供客户项目实施、运维与使用人员参考。`,
    '一、概述：系统采用微服务架构，支持私有化部署与信创环境（麒麟操作系统、达梦/人大金仓数据库、鲲鹏与海光处理器）。',
    '二、环境要求：应用服务器 8 核 CPU、32 GB 内存、500 GB SSD；数据库服务器 16 核 CPU、64 GB 内存；网络带宽不低于千兆。',
    '三、主要步骤：准备环境、导入许可证、初始化数据库、部署应用服务、配置数据接入、开展联调测试、组织上线验收。',
    `四、技术支持：服务热线 ${CONTACT.hotline}，邮箱 ${CONTACT.email}。`,
  ];
  if (file.endsWith('.pdf')) media.push({ kind: 'pdf', rel: `docs/${file}`, title, paragraphs });
  else
    media.push({
      kind: 'text',
      rel: `docs/${file}`,
      text: `${title}\r\n${'='.repeat(24)}\r\n\r\n${paragraphs.join('\r\n\r\n')}\r\n\r\n新增：风险预警规则可视化配置；分级预警推送支持企业微信。\r\n优化：N-1 分析性能提升 35%。\r\n修复：若干已知问题。\r\n`,
    });
  articles.push({
    id: 401 + i,
    channelId: C.document,
    title,
    description: `${kind} · ${title}`,
    file: `/files/docs/${file}`,
    fileName: `${title.replace(/\s+/g, '')}${file.endsWith('.pdf') ? '.pdf' : '.txt'}`,
    image: undefined,
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: 10 + i * 29,
    text: `<p>${title}，${kind}。</p><p>点击下方按钮下载文档。如需获取更多资料，请联系技术支持：${CONTACT.hotline}。</p>`,
    customs: { fileType: file.endsWith('.pdf') ? 'PDF' : 'TXT', docType: kind },
  });
});

// ---------------------------------------------------------------------------------------------
// FAQs (15)
// ---------------------------------------------------------------------------------------------
const faqs: [string, string][] = [
  ['系统支持哪些操作系统与数据库？', '支持 CentOS、麒麟、统信 UOS 等操作系统，以及 PostgreSQL、达梦、人大金仓、Oracle 等数据库。'],
  ['如何申请产品试用？', `请在“联系我们”页面留言或拨打服务热线 ${CONTACT.hotline}，我们将在 1 个工作日内与您联系。`],
  ['忘记登录密码怎么办？', '在登录页点击“忘记密码”，通过手机短信验证码即可重置密码。'],
  ['风险预警的等级是如何划分的？', '按照风险值由高到低分为红、橙、黄、蓝四级，阈值可在系统中配置。'],
  ['系统能否对接现有的调度自动化系统？', '可以。平台支持 IEC 61970/61968、IEC 104、E 文本等标准接口，也可按需开发适配。'],
  ['是否支持移动端使用？', '支持。提供移动 App 与微信公众号，可接收预警推送、开展巡查与隐患上报。'],
  ['许可证到期后如何续期？', '请联系商务人员获取新的许可证文件，在“系统管理—许可证”页面导入即可。'],
  ['数据多久备份一次？', '默认每日凌晨全量备份、每小时增量备份，备份策略可在运维手册指导下调整。'],
  ['如何获取最新版本的升级包？', '登录客户服务门户下载，或联系技术支持获取升级包与升级指导。'],
  ['系统是否通过等级保护测评？', '产品支持等保三级要求，已在多个客户现场通过等级保护测评。'],
  ['故障定位的准确率有多高？', '在配电自动化覆盖良好的区域，故障区段定位准确率可达 95% 以上。'],
  ['短信验证码收不到怎么办？', '请确认手机号填写正确并检查是否被拦截；60 秒后可重新获取，5 分钟内有效。'],
  ['可以同时管理多个场站吗？', '可以。系统支持多组织、多场站统一管理与分级授权。'],
  ['技术支持的服务时间是？', '提供 7×24 小时电话支持，工作日 9:00–18:00 提供远程与现场服务。'],
  ['如何提交产品改进建议？', '欢迎通过留言板或客户经理提交建议，我们会定期评估并纳入产品规划。'],
];
faqs.forEach(([q, a], i) => {
  articles.push({
    id: 501 + i,
    channelId: C.question,
    title: q,
    description: a,
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: 5 + i * 21,
    text: `<p>${a}</p>`,
    customs: {},
  });
});

// ---------------------------------------------------------------------------------------------
// Videos (6, playable)
// ---------------------------------------------------------------------------------------------
const videos: [string, string][] = [
  ['电网运行风险预警平台功能演示', '3 分钟了解风险预警平台的主要功能'],
  ['配电网故障定位操作教程', '演示故障定位、隔离与抢修工单流程'],
  ['安全生产风险辨识与评估入门', '风险辨识、评估方法与管控措施配置'],
  ['设备状态监测数据接入配置', '传感器接入与告警阈值配置'],
  ['新能源功率预测结果解读', '如何阅读短期与超短期预测曲线'],
  ['系统安装部署视频指南', '从环境准备到上线验收的完整流程'],
];
videos.forEach(([title, desc], i) => {
  const image = cover(`images/video-${i + 1}.svg`, title.length > 14 ? `${title.slice(0, 14)}…` : title, desc, 190 + i * 25, i);
  articles.push({
    id: 601 + i,
    channelId: C.video,
    title,
    description: desc,
    image,
    video: '/files/videos/demo.mp4',
    author: '技术支持部',
    source: COMPANY_NAME,
    daysAgo: 8 + i * 37,
    text: `<p>${desc}。</p><p>视频时长约 3 秒（演示片段）。如需完整培训课程，请联系客户经理。</p>`,
    customs: { duration: 3, videoWebm: '/files/videos/demo.webm', poster: image },
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
  { blockId: B.application, title: '客户服务门户', url: 'https://www.example.com/portal', targetBlank: true },
  // about column
  { blockId: B.about, title: '公司简介', url: '/about' },
  { blockId: B.about, title: '联系我们', url: '/contact' },
  { blockId: B.about, title: '加入我们', url: 'https://www.example.com/careers', targetBlank: true },
  { blockId: B.about, title: '服务支持', url: '/support' },
  // news column
  { blockId: B.news, title: '新闻中心', url: '/news' },
  { blockId: B.news, title: '文档中心', url: '/document' },
  { blockId: B.news, title: '视频教程', url: '/video' },
  { blockId: B.news, title: '常见问题（重新加载）', url: '/question?initData=1' },
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
  ['site.supportUrl', '站点-客服页面地址', 'https://www.example.com/support'],
  ['site.hotline', '站点-服务热线', CONTACT.hotline],
];

export const customers = [
  { name: '国网华东某省电力有限公司', contactName: '李工', phone: '13900000001', industry: '电网', level: 'A', address: '华东某省省会市电力大厦' },
  { name: '南方某市供电局', contactName: '陈工', phone: '13900000002', industry: '电网', level: 'B', address: '南方某市供电大楼' },
  { name: '某新能源发电集团有限公司', contactName: '王经理', phone: '13900000003', industry: '发电', level: 'A', address: '西北某市新能源产业园' },
];

export const roles = [
  { roleKey: 'admin', roleName: '超级管理员', perms: ['*:*:*'] },
  {
    roleKey: 'editor',
    roleName: '内容编辑',
    perms: ['content:message:list', 'content:visit:list', 'content:visit:query', 'system:notice:list', 'system:notice:query'],
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

/** RuoYi menus: type M = directory, C = page, L = external link (stored as C with is_frame). */
export const menus = [
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
  { id: 3, parent: 0, name: '系统工具', route: 'Tool', path: '/admin/tool', component: 'Layout', perms: null, icon: 'tool', type: 'M', order: 3 },
  {
    id: 31,
    parent: 3,
    name: '表单构建',
    route: 'Build',
    path: 'build',
    component: 'tool/build/index',
    perms: 'tool:build:list',
    icon: 'build',
    type: 'C',
    order: 1,
  },
  {
    id: 32,
    parent: 3,
    name: '代码生成',
    route: 'Gen',
    path: 'gen',
    component: 'tool/gen/index',
    perms: 'tool:gen:list',
    icon: 'code',
    type: 'C',
    order: 2,
  },
  {
    id: 33,
    parent: 3,
    name: '系统接口',
    route: 'Swagger',
    path: 'swagger',
    component: 'tool/swagger/index',
    perms: 'tool:swagger:list',
    icon: 'swagger',
    type: 'C',
    order: 3,
  },
  {
    id: 4,
    parent: 0,
    name: '帮助中心',
    route: 'Help',
    path: 'https://www.example.com/help',
    component: 'Layout',
    perms: null,
    icon: 'guide',
    type: 'L',
    order: 4,
  },
];
export const roleMenus: Record<string, number[]> = {
  admin: menus.map((m) => m.id),
  editor: [1, 11, 12, 2, 21],
};
