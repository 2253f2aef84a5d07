/**
 * The site search: words, not one substring; a ranking; typo tolerance from the site's own vocabulary;
 * excerpts with the matched terms as ranges (plain text, never HTML).
 *
 * The index lives in the database (migrations 024, 026, 031): `article_search` holds each article's title, its
 * summary, SEO keywords and tags (`meta`), all of its text (`doc`: title, meta and body a line apart), normalised and
 * lower case, and the text's character pairs and triples (`grams`, GIN: see matchAll); `search_term` holds the vocabulary (every indexed word,
 * adjacent word pair of a title or summary, and short title, with how many articles hold it). Both are written by
 * `indexArticles` inside the transaction of the article write (routes/articles.ts, routes/article-history.ts, the
 * seed), and at start for articles indexed by an older rule (`reindexStale`).
 *
 * Terms: the text is cut at spaces and punctuation, and Chinese is segmented into words with
 * `Intl.Segmenter('zh', { granularity: 'word' })` (Node's full ICU); consecutive one-character words are joined back
 * into one term (ICU's dictionary splits 配电网 into 配|电|网, and a mistyped character (风险预井平台) would otherwise
 * become two loose characters), and the one-character words 的, 和, 与 … separate terms. A result holds every term
 * (case-insensitive) in its title, summary, SEO keywords, tags or body. The rule is written in the server's README
 * (_Search_).
 */
import { sql, type SQL } from 'drizzle-orm';
import { ARTICLE_STATUS, htmlToText } from '@site/contract';
import { rows, type Db } from '../db/index.js';

/**
 * The index rule's version: an article indexed by an older one is indexed again at start (`reindexStale`). 3: the
 * subtitle is indexed with the summary (migration 042 marks the articles without one current).
 */
export const INDEX_RULE = 3;
/** Longest vocabulary entry (the column is varchar(64)). */
const TERM_MAX = 64;
/** Characters either side of the first match an excerpt shows, and its whole length. */
const EXCERPT_BEFORE = 30;
const EXCERPT_LENGTH = 110;
/** How far apart (characters) terms may lie in one field and still count as close together. */
const CLOSE_WITHIN = 10;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN = /\p{Script=Han}/u;
/** One-character words that separate terms rather than belong to one (的 in 配电网的故障). */
const STOP_CHARS = new Set([...'的了和与及或在是对等之把被将从向']);

/** What the index and the queries compare: NFKC (full-width letters and digits as ASCII), whitespace collapsed. */
export const normalizeText = (s: string): string => s.normalize('NFKC').replace(/\s+/g, ' ').trim();

export interface Term {
  /** Lower case. */
  term: string;
  /** Where it lies in the text given (UTF-16 offsets, end exclusive). */
  start: number;
  end: number;
}

/** The text in pieces short enough to segment (over a whole body V8 copies the input into every segment). */
function* chunks(text: string): Generator<{ text: string; offset: number }> {
  const re = /[^\n。！？!?；;]{1,200}[\n。！？!?；;]?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) yield { text: m[0], offset: m.index };
}

/**
 * The terms of a text, in order: words of the segmenter (letters, digits, Chinese words), consecutive one-character
 * Chinese words joined into one term, spaces, punctuation and 的/和/与… separating them. `text` should be normalized.
 */
export function termsOf(text: string): Term[] {
  const out: Term[] = [];
  for (const c of chunks(text)) {
    let run: Term | null = null;
    const flush = () => {
      if (run) out.push(run);
      run = null;
    };
    for (const s of segmenter.segment(c.text)) {
      const start = c.offset + s.index;
      const end = start + s.segment.length;
      if (!s.isWordLike) {
        flush();
        continue;
      }
      const single = [...s.segment].length === 1 && HAN.test(s.segment);
      if (!single) {
        flush();
        out.push({ term: s.segment.toLowerCase(), start, end });
      } else if (STOP_CHARS.has(s.segment)) flush();
      else if (run) run = { term: run.term + s.segment, start: run.start, end };
      else run = { term: s.segment, start, end };
    }
    flush();
  }
  return out;
}

/** The distinct terms of a query, in order of first appearance. */
export function queryTerms(text: string): string[] {
  return [...new Set(termsOf(normalizeText(text)).map((t) => t.term))];
}

export interface IndexSource {
  id: number;
  title: string;
  /** A product's code (RiskEye 3.2) or a solution's line: searched with the summary. */
  subtitle?: string | null;
  description: string | null;
  seoKeywords: string | null;
  tags: string[] | null;
  /** The body as stored (sanitised HTML). */
  text: string;
}

const joinable = (a: string, b: string) => HAN.test(a.at(-1) ?? '') && HAN.test(b[0] ?? '');
const vocabularyWord = (w: string) => [...w].length >= 2 && w.length <= TERM_MAX && !/^[\d.,:-]+$/.test(w);

/** The index row of an article: its texts (lower case), and its vocabulary (words, pairs of adjacent words, short title). */
export function indexEntry(a: IndexSource): { title: string; meta: string; doc: string; vocabulary: string[] } {
  const title = normalizeText(a.title);
  const meta = normalizeText([a.subtitle ?? '', a.description ?? '', a.seoKeywords ?? '', ...(a.tags ?? [])].join(' \n '));
  const body = normalizeText(htmlToText(a.text ?? ''));
  const vocabulary = new Set<string>();
  const add = (w: string) => vocabularyWord(w) && vocabulary.add(w);
  for (const field of [title, meta]) {
    const terms = termsOf(field);
    terms.forEach((t, i) => {
      add(t.term);
      const next = terms[i + 1];
      // Adjacent words of one phrase (nothing but the words between them): 风险预警, 预警平台.
      if (next && next.start === t.end && joinable(t.term, next.term)) add(t.term + next.term);
    });
  }
  const compactTitle = title.toLowerCase().replace(/\s+/g, '');
  if (compactTitle.length <= 30) add(compactTitle);
  for (const t of termsOf(body)) add(t.term);
  const lower = (x: string) => x.toLowerCase();
  // The fields a line apart: the closeness rule never reaches from one into the next.
  return { title: lower(title), meta: lower(meta), doc: lower(`${title}\n${meta}\n${body}`), vocabulary: [...vocabulary].sort() };
}

const chunked = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Adds `delta` (per term) to the vocabulary's article counts; a term no article holds any more leaves it. */
async function applyVocabulary(tx: Db, deltas: Map<string, number>): Promise<void> {
  // Sorted, so two writes touching the same terms lock them in one order.
  const entries = [...deltas].filter(([, d]) => d !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const up = entries.filter(([, d]) => d > 0);
  const down = entries.filter(([, d]) => d < 0);
  for (const part of chunked(up, 2000)) {
    await tx.execute(
      sql`INSERT INTO search_term (term, articles) VALUES ${sql.join(
        part.map(([term, d]) => sql`(${term}, ${d})`),
        sql`, `,
      )} ON CONFLICT (term) DO UPDATE SET articles = search_term.articles + excluded.articles`,
    );
  }
  for (const part of chunked(down, 2000)) {
    const values = sql.join(
      part.map(([term, d]) => sql`(${term}::varchar, ${-d}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE search_term SET articles = search_term.articles - d.n FROM (VALUES ${values}) AS d(term, n) WHERE search_term.term = d.term`,
    );
    await tx.execute(
      sql`DELETE FROM search_term WHERE articles <= 0 AND term IN (${sql.join(
        part.map(([term]) => sql`${term}`),
        sql`, `,
      )})`,
    );
  }
}

async function oldTerms(tx: Db, ids: number[]): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const old = await rows<{ article_id: number; terms: string }>(
    tx,
    sql`SELECT article_id, terms FROM article_search WHERE article_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) FOR UPDATE`,
  );
  return new Map(old.map((r) => [Number(r.article_id), r.terms ? r.terms.split(' ') : []]));
}

/**
 * Indexes the articles as given (their row as written), in the caller's transaction: their index rows replaced and
 * the vocabulary's counts moved from the words they had to the words they have.
 */
export async function indexArticles(tx: Db, articles: IndexSource[]): Promise<void> {
  if (!articles.length) return;
  const before = await oldTerms(
    tx,
    articles.map((a) => a.id),
  );
  const deltas = new Map<string, number>();
  const bump = (w: string, d: number) => deltas.set(w, (deltas.get(w) ?? 0) + d);
  for (const part of chunked(articles, 100)) {
    const entries = part.map((a) => ({ id: a.id, ...indexEntry(a) }));
    for (const e of entries) {
      for (const w of before.get(e.id) ?? []) bump(w, -1);
      for (const w of e.vocabulary) bump(w, 1);
    }
    // grams: the text's character pairs, by the database (search_grams, migration 031), from the text as written.
    await tx.execute(sql`INSERT INTO article_search (article_id, title, meta, doc, terms, rule, grams) VALUES ${sql.join(
      entries.map((e) => sql`(${e.id}, ${e.title}, ${e.meta}, ${e.doc}, ${e.vocabulary.join(' ')}, ${INDEX_RULE}, search_grams(${e.doc}))`),
      sql`, `,
    )} ON CONFLICT (article_id) DO UPDATE SET title = excluded.title, meta = excluded.meta, doc = excluded.doc,
      terms = excluded.terms, rule = excluded.rule, grams = excluded.grams`);
  }
  await applyVocabulary(tx, deltas);
}

/** Takes articles out of the index (their delete's transaction), and their words out of the vocabulary's counts. */
export async function unindexArticles(tx: Db, ids: number[]): Promise<void> {
  const before = await oldTerms(tx, ids);
  if (!before.size) return;
  const deltas = new Map<string, number>();
  for (const words of before.values()) for (const w of words) deltas.set(w, (deltas.get(w) ?? 0) - 1);
  await tx.execute(
    sql`DELETE FROM article_search WHERE article_id IN (${sql.join(
      [...before.keys()].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  await applyVocabulary(tx, deltas);
}

/** At start: indexes the articles that have no index row, or one made by an older rule (a few hundred a transaction). */
export async function reindexStale(db: Db, log: (m: string) => void = () => {}): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await rows<IndexSource & { seo_keywords: string | null }>(
      db,
      sql`SELECT a.id, a.title, a.subtitle, a.description, a.seo_keywords, a.tags, a.text FROM article a
          LEFT JOIN article_search s ON s.article_id = a.id
          WHERE s.article_id IS NULL OR s.rule < ${INDEX_RULE} ORDER BY a.id LIMIT 200`,
    );
    if (!batch.length) break;
    await db.transaction(async (tx) => {
      await indexArticles(
        tx,
        batch.map((r) => ({ ...r, id: Number(r.id), seoKeywords: r.seo_keywords })),
      );
    });
    done += batch.length;
  }
  if (done) log(`search index: ${done} article(s) indexed`);
  return done;
}

// ---- the query

/** A regular expression (PostgreSQL ARE and JavaScript alike) matching the text literally. */
const escapeRe = (s: string) => s.replace(/[\\^$.|?*+()[\]{}-]/g, '\\$&');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SearchHit {
  id: number;
  level: number;
  apart: number;
}

export interface SearchScope {
  /** The channels searched (a searchable channel and its sub-channels). */
  channelIds: number[];
  /** The product and solution channels (with sub-channels): a title that is the query comes first there. */
  leadChannelIds: number[];
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** `%term%` for LIKE, the term taken literally. */
const containing = (term: string) => `%${escapeLike(term)}%`;

/**
 * The ranking (README, _Search_), as a level and whether the terms lie close together; lower first, then newer:
 * 0 a product or solution whose title is the query (spaces and case aside); 1 one whose title holds the query as a
 * phrase (its terms in order, nothing but spaces between: 电网运行风险预警平台 for 风险预警平台); 2 one that holds
 * every term in its title, code (subtitle: RiskEye), summary, SEO keywords or tags: the product a visitor names comes
 * before what is written about it; 3 every term in the title; 4 every term in the title, code, summary, SEO keywords
 * or tags; 5 the body needed. Close: in one field (the fields
 * are a line apart in `doc`), the terms in the query's order (either order for two) with at most 10 characters
 * between each. The index's texts are lower case, as the terms are: plain LIKE and case-sensitive expressions.
 */
function rankSql(terms: string[], scope: SearchScope): { level: SQL; close: SQL | null } {
  const all = (f: (term: string) => SQL) => sql.join(terms.map(f), sql` AND `);
  const compact = terms.join('');
  const phrase = terms.map(escapeRe).join(' ?');
  const lead = scope.leadChannelIds.length ? sql`a.channel_id IN (${idList(scope.leadChannelIds)})` : sql`false`;
  const inTitleOrMeta = all((term) => sql`(s.title LIKE ${containing(term)} OR s.meta LIKE ${containing(term)})`);
  const level = sql`CASE
    WHEN ${lead} AND replace(s.title, ' ', '') = ${compact} THEN 0
    WHEN ${lead} AND s.title ~ ${phrase} THEN 1
    WHEN ${lead} AND ${inTitleOrMeta} THEN 2
    WHEN ${all((term) => sql`s.title LIKE ${containing(term)}`)} THEN 3
    WHEN ${inTitleOrMeta} THEN 4
    ELSE 5 END`;
  if (terms.length < 2) return { level, close: null };
  const gap = `[^\n]{0,${CLOSE_WITHIN}}`;
  const escaped = terms.map(escapeRe);
  const close = escaped.length === 2 ? `${escaped[0]}${gap}${escaped[1]}|${escaped[1]}${gap}${escaped[0]}` : escaped.join(gap);
  return { level, close: sql`s.doc ~ ${close}` };
}

/**
 * What a term is looked up by in `grams` (code points, as PostgreSQL's substr counts them): itself when it has two or
 * three characters (then exact), else its triples (then a LIKE decides); nothing for one character.
 */
const gramsOf = (term: string): string[] => {
  const c = [...term];
  if (c.length < 2) return [];
  if (c.length <= 3) return [term];
  return c.slice(2).map((ch, i) => c[i] + c[i + 1] + ch);
};

/**
 * Every term somewhere in the article's text. Every term's pairs or triples are looked up in the index of the
 * text's (`grams`, migration 031): that alone decides a term of two or three characters; a longer one is then
 * matched in the text (LIKE, on the rows the triples leave); a term of one character reads the text.
 */
const matchAll = (terms: string[]) => {
  const grams = [...new Set(terms.flatMap(gramsOf))];
  const byGrams = grams.length
    ? sql`grams @> ARRAY[${sql.join(
        grams.map((g) => sql`${g}`),
        sql`, `,
      )}]::text[]`
    : sql`true`;
  // Never through the trigram index of `doc` (`doc || ''` is not its expression): its bitmap is lossy, and ANDed
  // with the grams' it would have every row's grams read again.
  const inText = terms.filter((term) => [...term].length < 2 || [...term].length > 3).map((term) => sql`(s.doc || '') LIKE ${containing(term)}`);
  return { byGrams, inText: inText.length ? sql.join(inText, sql` AND `) : sql`true` };
};

const publicIn = (channelIds: number[]) =>
  sql`a.status = ${ARTICLE_STATUS.published} AND a.publish_date <= now() AND a.channel_id IN (${channelIds.length ? idList(channelIds) : sql`NULL`})`;

/**
 * The planner settings of the search's statements (this transaction only; why: findArticles). test/pg/ checks at
 * 10,000 articles that the statement takes the grams index with them.
 */
export async function searchPlanner(tx: Db): Promise<void> {
  await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  await tx.execute(sql`SET LOCAL enable_indexscan = off`);
}

/**
 * The statement that counts the matches per ranking level and lists each level's ids newest first. The grams decide
 * first, alone (a materialised step over article_search only: nothing else to join to, so the GIN index's bitmap is
 * its one way with searchPlanner's settings); the rows left are then joined and ranked.
 */
export function levelsStatement(terms: string[], scope: SearchScope): SQL {
  const { level } = rankSql(terms, scope);
  const { byGrams, inText } = matchAll(terms);
  return sql`WITH m AS MATERIALIZED (SELECT article_id FROM article_search WHERE ${byGrams})
    SELECT ${level} AS level, count(*)::int AS n, array_agg(a.id ORDER BY a.publish_date DESC, a.id DESC) AS ids
      FROM m JOIN article a ON a.id = m.article_id JOIN article_search s ON s.article_id = m.article_id
     WHERE ${publicIn(scope.channelIds)} AND ${inText}
     GROUP BY 1 ORDER BY 1`;
}

/**
 * One page of the public articles in scope holding every term, best first, and how many there are.
 *
 * The matches are counted per ranking level (title, summary and keywords only: no body is read for it). A page is
 * then taken level by level, newest first within a level (one query gives every level's matches in that order, as
 * ids); with several terms, the matches whose terms lie close together come first within their level, and their
 * texts are read in date order only until the page is full (at 10,000 articles almost every article holds 风险 and
 * 故障: reading every match's text for the closeness took 1.5 s).
 *
 * The queries run with sequential and plain index scans off (SET LOCAL, this transaction only): the planner does not
 * count what reading a row's grams costs (an array of a thousand and more, stored out of line), and for a term most
 * articles hold it would test `@>` row by row (1.5-2 s at 10,000 articles) rather than take the GIN index's bitmap,
 * which needs no row's grams at all (60 ms).
 */
export async function findArticles(
  db: Db,
  terms: string[],
  scope: SearchScope,
  page: number,
  size: number,
): Promise<{ total: number; hits: SearchHit[] }> {
  const { close } = rankSql(terms, scope);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await searchPlanner(tx);
    // Per level, its matches newest first (ids only: no text read).
    const levels = await rows<{ level: number; n: number; ids: number[] }>(tx, levelsStatement(terms, scope));
    const total = levels.reduce((sum, l) => sum + Number(l.n), 0);
    const need = page * size;
    const hits: SearchHit[] = [];
    if ((page - 1) * size >= total) return { total, hits };
    for (const l of levels) {
      const at = Number(l.level);
      const ids = l.ids.map(Number);
      const room = need - hits.length;
      const add = (list: number[], apart: number) => hits.push(...list.map((id) => ({ id, level: at, apart })));
      if (!close) add(ids.slice(0, room), 0);
      else {
        // The closeness read in date order, a chunk at a time, until the level's close matches fill the page.
        const near: number[] = [];
        const far: number[] = [];
        let i = 0;
        while (near.length < room && i < ids.length) {
          const chunk = ids.slice(i, i + Math.max(50, room * 4));
          i += chunk.length;
          const passed = await rows<{ id: number }>(
            tx,
            sql`SELECT s.article_id AS id FROM article_search s WHERE s.article_id IN (${idList(chunk)}) AND ${close}`,
          );
          const isNear = new Set(passed.map((r) => Number(r.id)));
          for (const id of chunk) (isNear.has(id) ? near : far).push(id);
        }
        add(near.slice(0, room), 0);
        // Fewer close matches than the room: the level was read whole, and its scattered ones follow.
        if (near.length < room) add(far.slice(0, room - near.length), 1);
      }
      if (hits.length >= need) break;
    }
    return { total, hits: hits.slice((page - 1) * size) };
  });
}

/** Words beyond these are not left out one by one (the sets to try grow fast); a longer query keeps its first ones. */
const PARTIAL_WORDS = 5;

/**
 * For a query of several words (typed a space apart) that no article matches with every term: the largest sets of
 * its words whose terms some articles hold all of, and of those the set with the most matches (the earlier words first
 * on a tie); that set's terms and page. A word is kept or left out whole (风险预井平台 is one word: its typo is the
 * corrections' business). Null for one word, or when no word alone finds anything.
 */
export async function bestPartial(
  db: Db,
  text: string,
  scope: SearchScope,
  page: number,
  size: number,
): Promise<{ terms: string[]; missing: string[]; found: { total: number; hits: SearchHit[] } } | null> {
  const words = normalizeText(text)
    .split(' ')
    .map((word) => ({ word, terms: queryTerms(word) }))
    .filter((w) => w.terms.length)
    .slice(0, PARTIAL_WORDS);
  const termsOfSet = (set: typeof words) => [...new Set(set.flatMap((w) => w.terms))];
  for (let k = words.length - 1; k >= 1; k--) {
    let best: { set: typeof words; total: number } | null = null;
    for (const set of combinations(words, k)) {
      const { total } = await findArticles(db, termsOfSet(set), scope, 1, 1);
      if (total > (best?.total ?? 0)) best = { set, total };
    }
    if (best) {
      const terms = termsOfSet(best.set);
      const missing = words.filter((w) => !best.set.includes(w)).map((w) => w.word);
      return { terms, missing, found: await findArticles(db, terms, scope, page, size) };
    }
  }
  return null;
}

/** The k-element subsets of a list, each in the list's order, earlier elements' sets first. */
function* combinations<T>(list: T[], k: number, from = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= list.length - k; i++) for (const rest of combinations(list, k - 1, i + 1)) yield [list[i], ...rest];
}

/**
 * A query that found nothing, written with the closest terms of the site's vocabulary: each term the vocabulary does
 * not hold (not even within one of its entries) is
 * looked up (pg_trgm similarity, at least 0.3) alone and with its neighbours (风险预井 is closer to the pair 风险预警 than
 * 预井 is to any one word), and replaced in the text. Best first; empty when no term is unknown or none is close.
 */
export async function corrections(db: Db, text: string): Promise<string[]> {
  const norm = normalizeText(text);
  const all = termsOf(norm);
  const words = [...new Set(all.map((t) => t.term))];
  if (!words.length) return [];
  const known = new Set(
    (
      await rows<{ term: string }>(
        db,
        sql`SELECT term FROM search_term WHERE term IN (${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )})`,
      )
    ).map((r) => r.term),
  );
  const unknown: string[] = [];
  for (const w of words) {
    if (known.has(w)) continue;
    // Part of a word or word pair the site has (a term an article holds, looked up in the small vocabulary rather
    // than every article's text).
    const [held] = await rows<{ one: number }>(db, sql`SELECT 1 AS one FROM search_term WHERE term LIKE ${containing(w)} LIMIT 1`);
    if (!held) unknown.push(w);
  }
  if (!unknown.length) return [];
  // Spans of the query's terms around each unknown one: the term, with the one before, with the one after, with both.
  const spans = new Map<string, { start: number; end: number }>();
  all.forEach((t, i) => {
    if (!unknown.includes(t.term)) return;
    for (const [from, to] of [
      [i, i],
      [i - 1, i],
      [i, i + 1],
      [i - 1, i + 1],
    ]) {
      if (from < 0 || to >= all.length) continue;
      const span = all.slice(from, to + 1);
      const key = span.reduce((acc, s, k) => (k && !joinable(acc, s.term) ? `${acc} ${s.term}` : acc + s.term), '');
      if (key.length <= TERM_MAX && !spans.has(key)) spans.set(key, { start: span[0].start, end: span.at(-1)!.end });
    }
  });
  if (!spans.size) return [];
  const found = await rows<{ span: string; term: string; sim: number }>(
    db,
    sql`SELECT q.span, v.term, similarity(v.term, q.span) AS sim
        FROM (VALUES ${sql.join(
          [...spans.keys()].map((k) => sql`(${k}::text)`),
          sql`, `,
        )}) AS q(span)
        CROSS JOIN LATERAL (SELECT term FROM search_term WHERE term % q.span AND term <> q.span
                            ORDER BY similarity(term, q.span) DESC, articles DESC, term LIMIT 5) v`,
  );
  const ranked = found
    .map((f) => ({ ...f, sim: Number(f.sim) }))
    // A term the text already holds (配电网 for 配电网 zzqq) drops the unknown word rather than correcting it.
    .filter((f) => !f.span.includes(f.term))
    .sort((a, b) => b.sim - a.sim || b.span.length - a.span.length || (a.term < b.term ? -1 : 1));
  const out: string[] = [];
  for (const f of ranked) {
    const at = spans.get(f.span)!;
    const fixed = normalizeText(norm.slice(0, at.start) + f.term + norm.slice(at.end));
    if (!out.includes(fixed) && fixed !== norm) out.push(fixed);
  }
  return out;
}

// ---- what a result shows

/** [start, end) of each occurrence of any term in `text` (case-insensitive; overlapping ones merged). */
export function matchRanges(text: string, terms: string[]): [number, number][] {
  if (!terms.length || !text) return [];
  const re = new RegExp(
    [...terms]
      .sort((a, b) => b.length - a.length)
      .map(escapeRe)
      .join('|'),
    'giu',
  );
  const out: [number, number][] = [];
  for (const m of text.matchAll(re)) {
    const start = m.index;
    const end = start + m[0].length;
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * The plain text shown under a result: around the first match in the summary, else in the body (the summary's start
 * when only the title matched), at most about 110 characters, … where it was cut; and the matched terms in it.
 */
export function excerptOf(fields: string[], terms: string[]): { excerpt: string; matches: [number, number][] } {
  const texts = fields.map(normalizeText).filter(Boolean);
  if (!texts.length) return { excerpt: '', matches: [] };
  let source = texts[0];
  let at = -1;
  for (const f of texts) {
    const first = matchRanges(f, terms)[0];
    if (first) {
      source = f;
      at = first[0];
      break;
    }
  }
  let start = at <= EXCERPT_BEFORE ? 0 : at - EXCERPT_BEFORE;
  const end = Math.min(source.length, start + EXCERPT_LENGTH);
  if (end - start < EXCERPT_LENGTH) start = Math.max(0, end - EXCERPT_LENGTH);
  // Never a surrogate pair cut in two.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(source[start])) start++;
  const cutEnd = end < source.length && /[\uD800-\uDBFF]/.test(source[end - 1]) ? end - 1 : end;
  const head = start > 0 ? '…' : '';
  const excerpt = `${head}${source.slice(start, cutEnd)}${cutEnd < source.length ? '…' : ''}`;
  return { excerpt, matches: matchRanges(excerpt, terms) };
}
