import { staticHead } from '@site/ui/render';
import { CHANNEL_IDS } from '@site/contract';
import { ChannelHeader } from '../../components/ChannelHeader';
import { NewsList } from '../../components/NewsList';
import { PageContainer } from '../../components/PageContainer';
import { PagedArticles } from '../../components/PagedArticles';
import { pagedChannelLoader } from '../../components/loaders';

export const head = staticHead('新闻中心', '公司新闻、行业动态与产品发布。');

const PAGE_SIZE = 10;

export const loader = pagedChannelLoader(CHANNEL_IDS.news, PAGE_SIZE);

/** /news: the news channel newest first, with dates, paged. */
export default function NewsCentre() {
  return (
    <PageContainer>
      <ChannelHeader channelId={CHANNEL_IDS.news} fallbackTitle="新闻中心" />
      <PagedArticles channelId={CHANNEL_IDS.news} pageSize={PAGE_SIZE} render={(items) => <NewsList items={items} />} />
    </PageContainer>
  );
}
