/**
 * Video tutorials. Each video is generated once by services/api-server/tools/make-media.ts from `scenes` (the product's screens
 * with a highlight on one region and a caption) and committed under services/api-server/assets/videos; its measured duration
 * is read from services/api-server/assets/media.json and stated in the text.
 */
import type { Region } from '../screens.js';

export interface VideoScene {
  shot: 'screen' | 'detail';
  focus: Region;
  caption: string;
}

export interface VideoDef {
  title: string;
  slug: string;
  desc: string;
  /** Index in productDefs. */
  product: number;
  daysAgo: number;
  scenes: VideoScene[];
  /** The body; `duration` is the real length, e.g. "38 秒". */
  body: (duration: string) => string;
}

export const videoDefs: VideoDef[] = [
  {
    title: '电网运行风险预警平台功能演示',
    slug: 'riskeye-tour',
    desc: '走一遍 RiskEye 的风险总览、预警清单和断面监视，看懂一条红色预警从哪里来。',
    product: 0,
    daysAgo: 15,
    scenes: [
      { shot: 'screen', focus: 'kpi', caption: '风险总览：顶部四项指标显示当前预警数量和 N-1 通过率' },
      { shot: 'screen', focus: 'main', caption: '全网风险分布：圆点颜色代表风险等级' },
      { shot: 'screen', focus: 'side', caption: '实时预警按等级排序，红色预警排在最前' },
      { shot: 'detail', focus: 'main', caption: '断面监视：潮流曲线逼近限额时自动标红' },
      { shot: 'detail', focus: 'side', caption: '按裕度排序，找出最需要关注的断面' },
    ],
    body: (d) =>
      `<p>本视频时长 ${d}，演示电网运行风险预警平台的三个核心页面。</p><h3>视频内容</h3><ol><li>风险总览页的指标卡和全网风险分布图；</li><li>实时预警清单的排序规则和等级含义；</li><li>断面监视页的潮流曲线、限额和裕度排序。</li></ol><p>观看后，调度员可以独立完成每日的风险巡视。预警处置流程请参阅文档中心的产品白皮书。</p>`,
  },
  {
    title: '配电网故障定位操作教程',
    slug: 'faultsense-locate',
    desc: '从一次单相接地故障开始，演示区段定位、原因研判和抢修工单的完整操作。',
    product: 3,
    daysAgo: 61,
    scenes: [
      { shot: 'screen', focus: 'side', caption: '故障发生后一分钟内，研判结果出现在列表顶部' },
      { shot: 'screen', focus: 'main', caption: '单线图上红色为故障区段，开关已自动隔离' },
      { shot: 'screen', focus: 'kpi', caption: '核对停电用户数量，确认后派发抢修工单' },
      { shot: 'detail', focus: 'main', caption: '波形分析：零序电流突增，判定为单相接地' },
      { shot: 'detail', focus: 'side', caption: '原因研判给出概率，树障可能性最大' },
      { shot: 'detail', focus: 'kpi', caption: '抢修班组带上对应工具，直接前往故障区段' },
    ],
    body: (d) =>
      `<p>这段 ${d}的教程以城东 512 线的一次单相接地故障为例，按调度员的实际操作顺序演示：</p><ol><li>在故障研判列表中找到新故障并查看单线图；</li><li>核对故障区段与停电范围，确认研判结果；</li><li>打开波形分析查看原因研判；</li><li>派发抢修工单。</li></ol><p>各按钮的详细说明见《配电网故障智能诊断系统用户手册》第 2 章和第 5 章。</p>`,
  },
  {
    title: '安全生产风险辨识与评估入门',
    slug: 'safety-risk-basics',
    desc: '认识安全看板上的风险等级构成，学会在隐患治理页跟踪一条隐患直到销号。',
    product: 1,
    daysAgo: 118,
    scenes: [
      { shot: 'screen', focus: 'side', caption: '风险等级构成：重大、较大、一般和低风险各有多少' },
      { shot: 'screen', focus: 'main', caption: '各单位隐患数量对比，找出隐患集中的部门' },
      { shot: 'detail', focus: 'main', caption: '隐患闭环：发现、整改、验收、销号四个环节' },
      { shot: 'detail', focus: 'side', caption: '待办隐患清单，超期项以红色标出' },
      { shot: 'detail', focus: 'kpi', caption: '整改完成后由发现人现场验收销号' },
    ],
    body: (d) =>
      `<p>视频时长 ${d}，适合刚开始使用安全生产风险管控平台的安全专责和班组长。</p><p>前半部分介绍安全看板：风险等级构成反映本单位的风险底数，各单位隐患数量帮助安监部门确定检查重点。后半部分以一条“平台栏杆锈蚀”隐患为例，演示隐患从发现到销号的四个环节，以及超期隐患如何自动升级提醒。</p><p>风险辨识的具体方法（LEC 法、风险矩阵）将在后续视频中介绍。</p>`,
  },
  {
    title: '设备状态监测数据接入配置',
    slug: 'condition-monitoring-data',
    desc: '以一台主变的油色谱数据为例，演示数据接入后如何在健康矩阵和趋势图中查看。',
    product: 4,
    daysAgo: 176,
    scenes: [
      { shot: 'screen', focus: 'kpi', caption: '数据接入后，首页显示接入设备数量和数据完整率' },
      { shot: 'screen', focus: 'main', caption: '健康矩阵：每个方块是一台设备，颜色越深分数越低' },
      { shot: 'screen', focus: 'side', caption: '状态告警列出超过注意值的监测量' },
      { shot: 'detail', focus: 'main', caption: '油色谱趋势：乙炔在三周内持续上升' },
      { shot: 'detail', focus: 'side', caption: '三比值编码 022，提示高温过热' },
    ],
    body: (d) =>
      `<p>本视频（${d}）面向负责监测装置接入的运维人员。</p><p>视频首先说明装置接入成功后应该在哪里确认：首页的接入设备数量和数据完整率会随之变化，健康矩阵中会出现对应设备。随后以滨江变 2 号主变为例，演示如何从一条状态告警进入油色谱趋势图，并解读三比值分析结果。</p><p>装置厂家对接时需要的接口字段和错误码，请下载《输变电设备状态监测系统接口说明》。</p>`,
  },
  {
    title: '新能源功率预测结果解读',
    slug: 'power-forecast-reading',
    desc: '教场站值班员看懂 72 小时预测曲线、每日准确率和天气风险提示。',
    product: 5,
    daysAgo: 247,
    scenes: [
      { shot: 'screen', focus: 'main', caption: '蓝线为短期预测，绿线为实际出力' },
      { shot: 'screen', focus: 'side', caption: '近 7 天准确率，低于 85% 的日期需要分析原因' },
      { shot: 'screen', focus: 'kpi', caption: '本月考核金额随准确率变化' },
      { shot: 'detail', focus: 'main', caption: '各风机未来 4 小时预测风速' },
      { shot: 'detail', focus: 'side', caption: '寒潮、覆冰等天气风险提前一到两天提示' },
    ],
    body: (d) =>
      `<p>视频时长 ${d}。很多场站值班员每天都会看预测曲线，但不一定清楚偏差从何而来。本视频说明：</p><ul><li>短期预测与实际出力曲线偏离较大时，先检查是否有未录入的限电或检修；</li><li>准确率低于 85% 的日期，通常与天气过程预报偏差有关；</li><li>天气风险提示出现后，应提前安排巡检和备品。</li></ul><p>限电和检修的录入方法见《新能源场站功率预测系统操作手册》第三节。</p>`,
  },
  {
    title: '系统安装部署视频指南',
    slug: 'deployment-guide',
    desc: '部署完成后如何验收：检查数据质量总览、规则执行结果和血缘分析是否正常。',
    product: 7,
    daysAgo: 330,
    scenes: [
      { shot: 'screen', focus: 'menu', caption: '部署完成后登录系统，左侧菜单应完整显示' },
      { shot: 'screen', focus: 'kpi', caption: '首次检查后出现质量得分和问题记录数量' },
      { shot: 'screen', focus: 'side', caption: '问题最多的规则，可作为治理的起点' },
      { shot: 'detail', focus: 'main', caption: '血缘分析能够显示上下游，说明元数据采集正常' },
      { shot: 'detail', focus: 'side', caption: '问题节点标出阻断和警告，部署验收完成' },
    ],
    body: (d) =>
      `<p>这段 ${d}的视频演示部署完成后的验收检查，以电力数据质量治理工具为例，其他产品的验收思路相同。</p><h3>验收检查项</h3><ol><li>登录后菜单完整，说明许可证和权限配置正确；</li><li>首次质量检查有结果，说明数据源连接正常；</li><li>血缘分析能显示上下游，说明元数据采集任务正常。</li></ol><p>服务器准备和安装步骤请参阅《安全生产风险管控平台部署指南》和《产品软件运行环境要求清单》。</p>`,
  },
];
