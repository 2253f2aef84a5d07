import { BLOCK_IDS, CHANNEL_IDS } from '@site/contract';

/** One entry of the service-support page: a sub-channel, its tile (content block) and where its items open. */
export interface SupportSection {
  channelId: number;
  blockId: number;
  path: string;
  /** Used until (or if) the server's channel name arrives. */
  fallbackTitle: string;
  /** Where one item of the section opens (the same targets the search modal uses). */
  itemHref: (id: number) => string;
}

export const SUPPORT_SECTIONS: SupportSection[] = [
  {
    channelId: CHANNEL_IDS.document,
    blockId: BLOCK_IDS.documents,
    path: '/document',
    fallbackTitle: '文档中心',
    itemHref: (id) => `/document?id=${id}`,
  },
  {
    channelId: CHANNEL_IDS.question,
    blockId: BLOCK_IDS.commonQuestions,
    path: '/question',
    fallbackTitle: '常见问题',
    itemHref: (id) => `/question?id=${id}`,
  },
  {
    channelId: CHANNEL_IDS.video,
    blockId: BLOCK_IDS.videoTutorials,
    path: '/video',
    fallbackTitle: '视频教程',
    itemHref: (id) => `/videoDetail?id=${id}`,
  },
];

/** How many latest items each entry lists. */
export const LATEST_COUNT = 4;
