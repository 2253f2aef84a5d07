import { staticHead } from '@site/ui/render';
import { Link } from 'react-router-dom';
import { COMPANY_NAME } from '@site/contract';
import { PageContainer } from '../../components/PageContainer';

export const head = staticHead('隐私政策', '我们如何收集、使用与保护您的个人信息。');

/** Plain text of the site: nothing to load. */
export const loader = async () => undefined;

/** Effective date of this text; change it with the text. */
const EFFECTIVE = '2025-03-01';
const PRIVACY_EMAIL = 'privacy@hdzk-tech.com.cn';

/**
 * /privacy: the privacy policy a visitor agrees to when registering (linked from the registration form and the
 * footer). Plain text of the site, no server call.
 */
export default function Privacy() {
  return (
    <PageContainer>
      <article className="rc-legal" data-testid="privacy-policy">
        <header className="rc-detail-head">
          <h1>隐私政策</h1>
          <div className="rc-detail-meta">
            <span>生效日期：{EFFECTIVE}</span>
          </div>
        </header>
        <p>
          {COMPANY_NAME}
          （以下简称“我们”）重视您的个人信息保护。本政策说明您使用本网站（包括注册账号、登录、在线留言、下载资料）时，我们收集哪些信息、如何使用与保护这些信息，以及您享有的权利。请您在注册前仔细阅读。
        </p>
        <h2>一、我们收集的信息</h2>
        <ul>
          <li>注册与登录：手机号码、姓名、短信验证码，以及您自愿填写的推荐码；使用微信登录时，经您授权获得的微信标识（openid）。</li>
          <li>在线留言：标题、留言内容、姓名、联系电话与您自愿填写的邮箱。</li>
          <li>访问统计：随机生成的访客编号、会话编号、访问页面、来源页面与停留时长。该编号不与您的身份直接关联。</li>
          <li>安全日志：登录时间、IP 地址与操作记录，用于保障账号与系统安全。</li>
        </ul>
        <h2>二、我们如何使用信息</h2>
        <ul>
          <li>为您创建与维护账号，验证您的身份；</li>
          <li>回复您的留言与咨询，为您提供产品试用、技术支持与售后服务；</li>
          <li>统计网站访问情况，改进网站内容与体验；</li>
          <li>履行法律法规规定的义务。</li>
        </ul>
        <p>我们不会将您的个人信息用于上述目的以外的用途；如需变更，将事先征得您的同意。</p>
        <h2>三、信息的共享与披露</h2>
        <p>
          我们不会出售您的个人信息。除以下情形外，不会向第三方提供：事先获得您的明确同意；为发送短信验证码而向短信服务商提供手机号码；根据法律法规或有权机关的要求。
        </p>
        <h2>四、信息的存储与保护</h2>
        <p>
          您的个人信息存储于中华人民共和国境内。我们采取传输加密、访问控制、密码加密存储与操作留痕等措施保护您的信息，并仅在实现本政策所述目的所必需的期限内保存；账号注销后，我们将删除或匿名化处理您的个人信息，法律法规另有规定的除外。
        </p>
        <h2>五、Cookie 与本地存储</h2>
        <p>我们使用 Cookie 保存登录凭据（有效期 7 天），使用浏览器本地存储保存访客编号与界面设置。您可以在浏览器中清除它们，清除后需要重新登录。</p>
        <h2>六、您的权利</h2>
        <p>
          您有权查询、更正您的个人信息，撤回授权同意，以及申请注销账号。您可以在登录后的个人中心修改资料，或通过下方联系方式与我们联系，我们将在 15
          个工作日内答复。
        </p>
        <h2>七、未成年人保护</h2>
        <p>本网站面向企业客户，我们不主动收集未满 14 周岁未成年人的个人信息。</p>
        <h2>八、政策的更新</h2>
        <p>本政策更新时，我们将在本页面公布新版本并更新生效日期；重大变更将在您登录时提示。</p>
        <h2>九、联系我们</h2>
        <p>
          如对本政策有任何疑问，请发送邮件至 <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>，或通过
          <Link to="/contact">联系我们</Link>页面的在线留言与我们联系。
        </p>
      </article>
    </PageContainer>
  );
}
