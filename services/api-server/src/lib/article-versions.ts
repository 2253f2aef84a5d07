/**
 * An article's versions: each write stores the state it made, whole, in article_version (migration
 * 021), in the write's transaction; what two versions differ by, field by field and the body's text word by word.
 * The audit trail cannot serve: it cuts long bodies (lib/audit.ts), and a version must restore exactly.
 */
import { diffArrays } from 'diff';
import {
  ARTICLE_FIELD_LABELS,
  ARTICLE_STATUS_LABELS,
  htmlToText,
  type AdminArticleDetail,
  type ArticleField,
  type ArticleFieldChange,
  type ArticleVersionAction,
  type TextChange,
} from '@site/contract';
import type { Db } from '../db/index.js';
import * as t from '../db/schema.js';
import { formatDateTime } from './text.js';

type Row = typeof t.article.$inferSelect;

/** The named fields of `o` and no others (no library here offers it; three lines do). */
export function pick<T, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}

/** The fields a person writes in the form (state and publish time included): those a comparison shows, and the file's size. */
const VERSION_FIELDS = [...(Object.keys(ARTICLE_FIELD_LABELS) as ArticleField[]), 'fileLength'] as const;

/** What a version holds: the written fields as the admin API answers them (AdminArticleDetail), the publish time in ISO 8601. */
export type VersionData = Pick<AdminArticleDetail, (typeof VERSION_FIELDS)[number]>;

/** A row's written fields: the one mapping of them, which the admin API's answer (routes/articles.ts toAdmin) builds on. */
export function versionData(r: Row): VersionData {
  return {
    ...pick(r, VERSION_FIELDS),
    tags: r.tags ?? [],
    publishDate: new Date(r.publishDate).toISOString(),
    seoTitle: r.seoTitle ?? null,
    seoKeywords: r.seoKeywords ?? null,
  };
}

/**
 * Stores the row's state as its version (nothing when that version is stored already: so a write may first store the
 * state before it, which an article written before versions were kept, or seeded, has not).
 */
export async function storeVersion(tx: Db, row: Row, action: ArticleVersionAction, userName: string, note?: string | null): Promise<void> {
  await tx
    .insert(t.articleVersion)
    .values({
      articleId: row.id,
      version: row.version,
      action,
      title: row.title,
      data: { ...versionData(row) },
      userName,
      createdAt: row.updatedAt,
      note: note ?? null,
    })
    .onConflictDoNothing();
}

/**
 * A write's versions: the state before it (when not stored yet) and the state it made, with its note (a send-back's
 * comment).
 */
export async function storeWrite(
  tx: Db,
  before: Row,
  after: Row,
  action: ArticleVersionAction,
  userName: string,
  note?: string | null,
): Promise<void> {
  await storeVersion(tx, before, 'baseline', before.updatedBy);
  await storeVersion(tx, after, action, userName, note);
}

/** Longest edit (in words) the body's comparison looks for; beyond it (or after DIFF_TIMEOUT_MS) the two texts are shown whole, removed and added. */
const MAX_EDIT = 5_000;
/** Longest time a comparison may take (it runs in slices, so other requests are answered meanwhile). */
const DIFF_TIMEOUT_MS = 3_000;
const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });
/** Longest piece of text handed to the segmenter at once. */
const CHUNK = 400;
const BREAKS = [' ', '\n', '。', '，', '；', '！', '？', '、', '.', ',', ';'];

/**
 * The text's words and the spaces between them, by the platform's word segmenter fed a sentence or so at a time:
 * over a whole body, V8 gives every segment its own copy of the input (quadratic memory; a 250,000-character body ran
 * a test out of 4 GB). Pieces end after a space or a punctuation mark, so no word is cut; a piece without one (400
 * characters of unbroken text) is cut there.
 */
function words(text: string): string[] {
  const out: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + CHUNK);
    if (end < text.length) {
      const piece = text.slice(start, end);
      const cut = Math.max(...BREAKS.map((c) => piece.lastIndexOf(c)));
      if (cut > 0) end = start + cut + 1;
    }
    for (const s of segmenter.segment(text.slice(start, end))) out.push(s.segment);
    start = end;
  }
  return out;
}

/**
 * The body's visible text compared word by word (Chinese words by the platform's dictionary): jsdiff's array
 * comparison over the words, in slices (other requests are answered meanwhile); its word mode re-segments whole
 * unchanged runs to trim their spaces, seconds on a long body.
 */
export function textDiff(beforeHtml: string, afterHtml: string): Promise<TextChange[]> {
  const a = htmlToText(beforeHtml);
  const b = htmlToText(afterHtml);
  const whole: TextChange[] = [...(a ? [{ value: a, removed: true }] : []), ...(b ? [{ value: b, added: true }] : [])];
  return new Promise((resolve) => {
    diffArrays(words(a), words(b), {
      maxEditLength: MAX_EDIT,
      timeout: DIFF_TIMEOUT_MS,
      callback: (parts) =>
        resolve(
          parts
            ? parts.map((p) => ({ value: p.value.join(''), ...(p.added ? { added: true } : {}), ...(p.removed ? { removed: true } : {}) }))
            : whole,
        ),
    });
  });
}

const PREVIEW = 120;
const shown = (field: ArticleField, d: VersionData, channelName: (id: number) => string): string => {
  const v = d[field];
  if (field === 'channelId') return channelName(d.channelId);
  if (field === 'status') return ARTICLE_STATUS_LABELS[d.status as keyof typeof ARTICLE_STATUS_LABELS] ?? String(d.status);
  if (field === 'tags') return d.tags.join('、');
  if (field === 'top') return d.top ? '是' : '否';
  if (field === 'publishDate') return formatDateTime(new Date(d.publishDate));
  if (field === 'text') {
    const text = htmlToText(d.text);
    return text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text;
  }
  return v === null || v === undefined ? '' : String(v);
};

/**
 * Every field that differs between two versions, in the form's order, as a person reads it (a publish time to the
 * second, as the form sets it); the body when its HTML differs, even where its text does not (a link's target).
 */
export function fieldChanges(before: VersionData, after: VersionData, channelName: (id: number) => string): ArticleFieldChange[] {
  return (Object.keys(ARTICLE_FIELD_LABELS) as ArticleField[])
    .map((field) => ({
      field,
      label: ARTICLE_FIELD_LABELS[field],
      before: shown(field, before, channelName),
      after: shown(field, after, channelName),
    }))
    .filter((c) => (c.field === 'text' ? before.text !== after.text : c.before !== c.after));
}
