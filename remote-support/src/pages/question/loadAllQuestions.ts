import { getArticlePage } from '@site/api-client';
import { type Query } from '@site/ui';
import { CHANNEL_IDS, type Article } from '@site/contract';

const PAGE_SIZE = 100;

/**
 * Every common question, newest first. The FAQ shows them all on one page so `?id=` can always open its
 * question; the server pages at most 100, so further pages are fetched when there are more.
 */
async function loadAllQuestions(): Promise<Article[]> {
  const first = await getArticlePage({ channelId: CHANNEL_IDS.question, page: 1, pageSize: PAGE_SIZE });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) =>
      getArticlePage({ channelId: CHANNEL_IDS.question, page: i + 2, pageSize: PAGE_SIZE }),
    ),
  );
  return [first, ...rest].flatMap((p) => p.content);
}

export const allQuestionsQuery = (): Query<Article[]> => ({ queryKey: ['all-questions'], queryFn: loadAllQuestions });
