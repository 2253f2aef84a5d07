import { staticHead } from '@site/ui/render';
import { CHANNEL_IDS } from '@site/contract';
import { ArticleGrid } from '../../components/ArticleGrid';
import { ChannelHeader } from '../../components/ChannelHeader';
import { PageContainer } from '../../components/PageContainer';
import { PagedArticles } from '../../components/PagedArticles';
import { pagedChannelLoader } from '../../components/loaders';

export const head = staticHead('解决方案', '面向省级电网、配电网、新能源并网等场景的电力风险管控解决方案。');

const PAGE_SIZE = 9;

export const loader = pagedChannelLoader(CHANNEL_IDS.solution, PAGE_SIZE);

/** /solution: the solutions channel, paged cards linking to /solutionDetail?id=. */
export default function Solution() {
  return (
    <PageContainer>
      <ChannelHeader channelId={CHANNEL_IDS.solution} fallbackTitle="解决方案" />
      <PagedArticles
        channelId={CHANNEL_IDS.solution}
        pageSize={PAGE_SIZE}
        render={(items) => <ArticleGrid items={items} kind="solution" headingLevel={2} />}
      />
    </PageContainer>
  );
}
