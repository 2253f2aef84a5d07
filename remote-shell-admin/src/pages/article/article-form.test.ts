import dayjs from 'dayjs';
import { toArticleForm, toFormValues } from './article-form';
import type { AdminArticleDetail } from '@site/contract';

const detail: AdminArticleDetail = {
  id: 7,
  channelId: 12,
  channelName: '新闻动态',
  title: '标题',
  status: 1,
  top: true,
  sort: 3,
  tags: ['电力'],
  image: '/files/a.png',
  publishDate: '2026-11-20 09:30:00',
  updatedAt: '2026-11-20 09:30:00',
  updatedBy: 'editor',
  version: 4,
  subtitle: null,
  description: ' 摘要 ',
  text: '<p>正文</p>',
  author: '',
  source: null,
  video: null,
  poster: null,
  file: null,
  fileName: null,
  fileLength: null,
  seoTitle: ' 新品发布 | 官网 ',
  seoKeywords: '电力，储能  光伏、电力',
  createdBy: 'editor',
  createdAt: '2026-11-20 09:30:00',
};

describe('article form', () => {
  test('[ISSUE-18.1] a loaded article goes back with its version, trimmed, blanks as null, the publish time as the server reads it', () => {
    const v = toFormValues(detail);
    expect(dayjs.isDayjs(v.publishDate)).toBe(true);
    const body = toArticleForm(v, detail.version);
    expect(body).toMatchObject({ version: 4, description: '摘要', author: null, publishDate: '2026-11-20 09:30:00', top: true, tags: ['电力'] });
  });

  test('[ISSUE-27.5] SEO title and keywords go back trimmed; keywords comma separated once each, whatever staff typed between them', () => {
    const body = toArticleForm(toFormValues(detail), detail.version);
    expect([body.seoTitle, body.seoKeywords]).toEqual(['新品发布 | 官网', '电力,储能,光伏']);
    expect(toArticleForm({ ...toFormValues(detail), seoTitle: '  ', seoKeywords: ' ，' }).seoKeywords).toBeNull();
  });
});
