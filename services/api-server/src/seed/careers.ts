import { CHANNEL_IDS, COMPANY_NAME } from '@site/contract';
import type { SeedArticle } from './content.js';

/** HR mailbox of the 加入我们 section (the footer's 加入我们 opens /about#careers). */
export const CAREERS_EMAIL = 'hr@hdzk-tech.com.cn';

/** The about page's 加入我们 section: open positions and how to apply (customs.section = 'careers', its anchor). */
export const careersArticle: SeedArticle = {
  id: 704,
  channelId: CHANNEL_IDS.about,
  title: '加入我们',
  description: '研发、实施与售前岗位常年招聘，欢迎投递简历。',
  author: '人力资源部',
  source: COMPANY_NAME,
  daysAgo: 196,
  text: `<p>我们在北京、南京、广州三地招聘热爱电力与软件的伙伴。公司提供有竞争力的薪酬、六险二金、年度体检、带薪年假与系统的技术培训，新员工由资深工程师一对一带教。</p>
<h3>在招岗位</h3>
<table><thead><tr><th>岗位</th><th>地点</th><th>要求</th></tr></thead><tbody>
<tr><td>Java 后端开发工程师</td><td>北京</td><td>本科及以上，3 年以上 Spring 开发经验，熟悉关系数据库与消息队列</td></tr>
<tr><td>前端开发工程师</td><td>北京</td><td>熟悉 React 与 TypeScript，有数据可视化项目经验优先</td></tr>
<tr><td>电力系统算法工程师</td><td>北京</td><td>电气工程或相关专业硕士，熟悉潮流计算与 N-1 安全分析</td></tr>
<tr><td>项目实施工程师</td><td>南京、广州</td><td>熟悉 Linux 与数据库部署，能适应短期出差</td></tr>
<tr><td>售前解决方案经理</td><td>北京、广州</td><td>5 年以上电力行业信息化售前经验</td></tr>
</tbody></table>
<h3>应聘方式</h3>
<p>请将简历发送至 <a href="mailto:${CAREERS_EMAIL}">${CAREERS_EMAIL}</a>，邮件标题注明“应聘岗位—姓名—城市”。我们会在 5 个工作日内回复通过初筛的候选人。</p>`,
  customs: { section: 'careers' },
};
