import dayjs, { type Dayjs } from 'dayjs';
import { ARTICLE_STATUS, ARTICLE_STATUS_LABELS, type AdminArticle, type AdminArticleDetail, type ArticleForm } from '@site/contract';

/** What the edit form holds: the API form with the publish time as a dayjs value for the picker. */
export type ArticleFormValues = Omit<ArticleForm, 'publishDate'> & { publishDate?: Dayjs | null };

/** A channel as the editor's select and the preview's tag show it. */
export interface ChannelOption {
  value: number;
  label: string;
}

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

// ---- The review step: publishing is its own right (文章管理·发布/下线).

const { published, draft, offline, pending, returned } = ARTICLE_STATUS;
const label = (s: number) => ARTICLE_STATUS_LABELS[s as keyof typeof ARTICLE_STATUS_LABELS];

/**
 * The 状态 choices of the edit form. A holder of the publish right chooses among 已发布, 草稿, 已下线 and 待审核;
 * a writer without it saves a draft or submits (提交审核, 待审核). The article's present state stays offered (已退回
 * is set only by a send-back), so opening and saving does not change it.
 */
export function statusOptions(canPublish: boolean, current?: number): { value: number; label: string }[] {
  const shown: [number, string][] = canPublish
    ? [published, draft, offline, pending].map((s) => [s, label(s)])
    : [
        [draft, label(draft)],
        [pending, '提交审核'],
      ];
  if (current !== undefined && !shown.some(([s]) => s === current)) shown.push([current, label(current)]);
  return shown.map(([value, l]) => ({ value, label: l }));
}

/** A row's state buttons in 文章管理: what it does, and the state it asks for (`review`: 退回 asks for a comment first). */
export interface StatusStep {
  key: 'publish' | 'offline' | 'approve' | 'return' | 'submit';
  label: string;
  status: number;
  /** The right it needs: `publish` (发布/下线) or `edit` (修改, to submit). */
  action: 'publish' | 'edit';
}

/**
 * The state buttons of a row: a holder of the publish right publishes or takes off the site, and reviews a submitted
 * one (审核通过并发布, 退回); a writer submits a draft, a sent-back or an offline article (提交审核). A published
 * article offers a writer nothing: only the right changes what the site shows.
 */
export function statusSteps(a: Pick<AdminArticle, 'status'>, canPublish: boolean): StatusStep[] {
  if (canPublish) {
    if (a.status === published) return [{ key: 'offline', label: '下线', status: offline, action: 'publish' }];
    if (a.status === pending)
      return [
        { key: 'approve', label: '通过并发布', status: published, action: 'publish' },
        { key: 'return', label: '退回', status: returned, action: 'publish' },
      ];
    return [{ key: 'publish', label: '发布', status: published, action: 'publish' }];
  }
  if (a.status === published || a.status === pending) return [];
  return [{ key: 'submit', label: '提交审核', status: pending, action: 'edit' }];
}

/** What 文章管理 says after a state change. */
export const STEP_DONE: Record<StatusStep['key'], string> = {
  publish: '已发布',
  offline: '已下线',
  approve: '审核通过，已发布',
  return: '已退回',
  submit: '已提交审核',
};
