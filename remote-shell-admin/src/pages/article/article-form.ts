import dayjs, { type Dayjs } from 'dayjs';
import { ARTICLE_STATUS, type AdminArticleDetail, type ArticleForm } from '@site/contract';

/** What the edit form holds: the API form with the publish time as a dayjs value for the picker. */
export type ArticleFormValues = Omit<ArticleForm, 'publishDate'> & { publishDate?: Dayjs | null };

export const emptyArticle = (channelId?: number): ArticleFormValues => ({
  channelId: channelId as number,
  title: '',
  text: '',
  tags: [],
  sort: 0,
  top: false,
  status: ARTICLE_STATUS.draft,
  publishDate: null,
});

export function toFormValues(a: AdminArticleDetail): ArticleFormValues {
  return {
    channelId: a.channelId,
    title: a.title,
    subtitle: a.subtitle,
    description: a.description,
    text: a.text,
    image: a.image,
    tags: a.tags,
    sort: a.sort,
    top: a.top,
    status: a.status,
    publishDate: a.publishDate ? dayjs(a.publishDate) : null,
    author: a.author,
    source: a.source,
    video: a.video,
    poster: a.poster,
    file: a.file,
    fileName: a.fileName,
    fileLength: a.fileLength,
    seoTitle: a.seoTitle ?? null,
    seoKeywords: a.seoKeywords ?? null,
    version: a.version,
  };
}

/** Keywords as the page head writes them: comma separated, whatever commas or spaces staff typed between them. */
export function keywords(v: string | null | undefined): string | null {
  const words = (v ?? '')
    .split(/[,，、;；\s]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  return words.length ? [...new Set(words)].join(',') : null;
}

/** The body sent to the server; the version read with the article goes back so a stale save is refused. */
export function toArticleForm(v: ArticleFormValues, version?: number): ArticleForm {
  const blank = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);
  return {
    channelId: v.channelId,
    title: v.title.trim(),
    subtitle: blank(v.subtitle),
    description: blank(v.description),
    text: v.text ?? '',
    image: blank(v.image),
    tags: v.tags ?? [],
    sort: v.sort ?? 0,
    top: !!v.top,
    status: v.status,
    publishDate: v.publishDate ? v.publishDate.format('YYYY-MM-DD HH:mm:ss') : null,
    author: blank(v.author),
    source: blank(v.source),
    video: blank(v.video),
    poster: blank(v.poster),
    file: blank(v.file),
    fileName: blank(v.fileName),
    fileLength: v.fileLength ?? null,
    seoTitle: blank(v.seoTitle),
    seoKeywords: keywords(v.seoKeywords),
    ...(version !== undefined ? { version } : {}),
  };
}
