import { getAllArticles, type CallOptions } from '@site/api-client';
import { BLOCK_IDS, CHANNEL_IDS, type Article, type RenderRoute } from '@site/contract';
import { questionPages, questionPageUrl } from './pages/question/paging';

/**
 * The public URLs this remote's pages render ahead of time (the page renderer reads this from the server build), and
 * what each shows. A document or question opened by `?id=` is shown beside its list, so it shows the channel too.
 * The FAQ's further pages (`/question?page=N`, 20 questions each) are rendered too, so its page links work without
 * JavaScript; a question's own page carries the first page and that question. `at`: where the API is.
 */
export async function renderRoutes(at?: CallOptions): Promise<RenderRoute[]> {
  const [documents, questions, videos] = await Promise.all([
    getAllArticles(CHANNEL_IDS.document, at),
    getAllArticles(CHANNEL_IDS.question, at),
    getAllArticles(CHANNEL_IDS.video, at),
  ]);
  const detail = (path: string, channels: readonly number[]) => (a: Article) => ({
    url: `${path}?id=${a.id}`,
    articleId: a.id,
    channels,
    lastModified: a.publishDate,
  });
  return [
    {
      url: '/support',
      channels: [CHANNEL_IDS.support, CHANNEL_IDS.document, CHANNEL_IDS.question, CHANNEL_IDS.video],
      blocks: [BLOCK_IDS.documents, BLOCK_IDS.videoTutorials, BLOCK_IDS.commonQuestions],
    },
    { url: '/document', channels: [CHANNEL_IDS.document] },
    { url: '/question', channels: [CHANNEL_IDS.question] },
    ...Array.from({ length: questionPages(questions.length) - 1 }, (_, i) => ({ url: questionPageUrl(i + 2), channels: [CHANNEL_IDS.question] })),
    { url: '/video', channels: [CHANNEL_IDS.video] },
    ...documents.map(detail('/document', [CHANNEL_IDS.document])),
    ...questions.map(detail('/question', [CHANNEL_IDS.question])),
    ...videos.map(detail('/videoDetail', [])),
  ];
}
