import type { APIRequestContext } from '@playwright/test';
import { CHANNEL_IDS as CHANNELS } from '@site/contract';
import { API } from './site';

/** The oldest article of a channel: a seeded one, which the other specs (writing and deleting their own) never touch. */
export async function firstId(request: APIRequestContext, channelId: number): Promise<number> {
  const page = await (await request.get(`${API}/api/article/page`, { params: { channelId, page: 1, pageSize: 100 } })).json();
  return page.content.at(-1).id as number;
}

/** Every public route, with one detail page of each kind and one product category. */
export async function publicUrls(request: APIRequestContext): Promise<string[]> {
  const [product, solution, news, document, question, video] = await Promise.all(
    [CHANNELS.product, CHANNELS.solution, CHANNELS.news, CHANNELS.document, CHANNELS.question, CHANNELS.video].map((c) => firstId(request, c)),
  );
  return [
    '/',
    '/product',
    `/product?categoryId=${CHANNELS.productMonitoring}`,
    `/productDetail?id=${product}`,
    '/solution',
    `/solutionDetail?id=${solution}`,
    '/news',
    `/newsDetail?id=${news}`,
    '/about',
    '/contact',
    '/privacy',
    '/support',
    '/document',
    `/document?id=${document}`,
    '/question',
    `/question?id=${question}`,
    '/video',
    `/videoDetail?id=${video}`,
  ];
}
