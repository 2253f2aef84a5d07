import { staticHead } from '@site/ui/render';
import { SITE_DESCRIPTION } from '@site/contract';
import { BLOCK_IDS, CHANNEL_IDS, COMPANY_NAME } from '@site/contract';
import { useData, articlesQuery, blockItemsQuery, companyQuery } from '@site/ui';
import type { RouteLoader } from '@site/ui/render';
import { PageContainer } from '../../components/PageContainer';
import { ROUTES } from '../../components/query';
import { ArticleHighlights } from './ArticleHighlights';
import { CompanyIntro } from './CompanyIntro';
import { HomeBanner } from './HomeBanner';
import { HomeSection } from './HomeSection';

/** Titled by the company alone (TITLE-3). */
export const head = staticHead('', SITE_DESCRIPTION);

const HIGHLIGHTS = { product: 4, solution: 3, news: 6 } as const;

/** What the home page reads: the company, the banner and introduction blocks, the newest articles of three channels. */
export const loader: RouteLoader = ({ queryClient }) =>
  Promise.all([
    queryClient.prefetchQuery(companyQuery()),
    queryClient.prefetchQuery(blockItemsQuery(BLOCK_IDS.homeBanner)),
    queryClient.prefetchQuery(blockItemsQuery(BLOCK_IDS.homeIntro)),
    queryClient.prefetchQuery(articlesQuery({ channelId: CHANNEL_IDS.product, limit: HIGHLIGHTS.product })),
    queryClient.prefetchQuery(articlesQuery({ channelId: CHANNEL_IDS.solution, limit: HIGHLIGHTS.solution })),
    queryClient.prefetchQuery(articlesQuery({ channelId: CHANNEL_IDS.news, limit: HIGHLIGHTS.news })),
  ]);

/** /: banner, product and solution highlights, latest news and the company introduction. The <h1> is the company name. */
export default function Home() {
  const { data: company, loading } = useData(companyQuery());
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
        <ArticleHighlights channelId={CHANNEL_IDS.product} limit={HIGHLIGHTS.product} kind="product" />
      </HomeSection>
      <HomeSection id="rc-home-solutions" title="解决方案" more={ROUTES.solution.list}>
        <ArticleHighlights channelId={CHANNEL_IDS.solution} limit={HIGHLIGHTS.solution} kind="solution" />
      </HomeSection>
      <HomeSection id="rc-home-news" title="新闻中心" more={ROUTES.news.list}>
        <ArticleHighlights channelId={CHANNEL_IDS.news} limit={HIGHLIGHTS.news} kind="news" />
      </HomeSection>
      <CompanyIntro />
    </PageContainer>
  );
}
