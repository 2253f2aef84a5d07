import { getCompany } from '@site/api-client';
import { CHANNEL_IDS, COMPANY_NAME } from '@site/contract';
import { useAsync } from '@site/ui';
import { PageContainer } from '../../components/PageContainer';
import { ROUTES } from '../../components/query';
import { ArticleHighlights } from './ArticleHighlights';
import { CompanyIntro } from './CompanyIntro';
import { HomeBanner } from './HomeBanner';
import { HomeSection } from './HomeSection';

/** /: banner, product and solution highlights, latest news and the company introduction. The <h1> is the company name. */
export default function Home() {
  const { data: company, loading } = useAsync(() => getCompany(), []);
  const first = company?.[0];
  return (
    <PageContainer>
      <HomeBanner />
      {/* Until the company call answers, the configured name keeps the heading stable. */}
      <h1 className="rc-home-title" aria-busy={loading}>
        {first?.title || COMPANY_NAME}
      </h1>
      {first?.subtitle && <p className="rc-home-subtitle rc-muted">{first.subtitle}</p>}
      <HomeSection id="rc-home-products" title="产品中心" more={ROUTES.product.list}>
        <ArticleHighlights channelId={CHANNEL_IDS.product} limit={4} kind="product" />
      </HomeSection>
      <HomeSection id="rc-home-solutions" title="解决方案" more={ROUTES.solution.list}>
        <ArticleHighlights channelId={CHANNEL_IDS.solution} limit={3} kind="solution" />
      </HomeSection>
      <HomeSection id="rc-home-news" title="新闻中心" more={ROUTES.news.list}>
        <ArticleHighlights channelId={CHANNEL_IDS.news} limit={6} kind="news" />
      </HomeSection>
      <CompanyIntro />
    </PageContainer>
  );
}
