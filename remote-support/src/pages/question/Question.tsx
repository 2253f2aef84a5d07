import { articleHead, searchOfUrl, useRouteSearch } from '@site/ui/render';
import { useEffect, useState } from 'react';
import { Link, useHref, useSearchParams } from 'react-router-dom';
import { CHANNEL_IDS, type ArticleTextPage, type ArticleWithText } from '@site/contract';
import { EmptyState, PageLinks, articleQuery, articleTextPageQuery, useData, type Query } from '@site/ui';
import type { RouteLoader } from '@site/ui/render';
import { articleOfUrl, prefetch } from '../../components/loaders';
import { Loading, Notice } from '../../components/PageState';
import '../../components/support.css';
import { FAQ_PAGE_SIZE, questionPageUrl } from './paging';
import { FaqItem } from './FaqItem';

/** The list's, or the question's of `?id=` (shown beside the list). */
export const head = articleHead({ title: '常见问题', description: '客户在部署与使用中最常遇到的问题解答。' });

/** A page of the FAQ's questions with their answers, newest first. */
export const questionPageQuery = (page: number): Query<ArticleTextPage> =>
  articleTextPageQuery({ channelId: CHANNEL_IDS.question, page, pageSize: FAQ_PAGE_SIZE });

/**
 * The page of questions `?page=` names, each with its answer, and the question `?id=` asks for: everything the page
 * shows, so its HTML holds every answer as the app shows it and opening a question fetches nothing.
 */
export const loader: RouteLoader = (args) => prefetch(args, [questionPageQuery(searchOfUrl(args.url).page), articleOfUrl(args.url)]);

export const questionAnchor = (id: number) => `rs-faq-${id}`;

/**
 * /question: the common questions, 20 a page (`?page=N`, real links that work without JavaScript), with expandable
 * answers; `?id=` expands that question and scrolls to it: shown in its place when it is on the page, else above the
 * page's questions. A page carries its questions and the one asked for, never every question.
 * Renders without antd (the accordion is plain buttons with aria-expanded, see FaqItem).
 */
export default function Question() {
  const [, setParams] = useSearchParams();
  const { id, page, given } = useRouteSearch();
  const list = useData(questionPageQuery(page));
  const asked = useData(id === null ? null : articleQuery(id));
  const [open, setOpen] = useState<number[]>([]);
  const onPage = list.data?.content ?? [];
  // The asked-for question: a published question (another channel's article by that id is no question).
  const target: ArticleWithText | undefined =
    asked.data && asked.data.id === id && asked.data.channelId === CHANNEL_IDS.question ? asked.data : undefined;
  const questions = target && !onPage.some((q) => q.id === target.id) ? [target, ...onPage] : onPage;
  const loading = list.loading || (id !== null && asked.loading);

  // Open the asked-for question once it is there (and again whenever ?id= changes, e.g. a new search result):
  // adjusted during render, so the page never paints with it closed; scrolling to it waits for the commit.
  const [openedFor, setOpenedFor] = useState<number | undefined>(undefined);
  if (!loading && target?.id !== openedFor) {
    setOpenedFor(target?.id);
    if (target) setOpen((ids) => (ids.includes(target.id) ? ids : [...ids, target.id]));
  }
  const scrollTo = loading ? undefined : target?.id;
  useEffect(() => {
    if (scrollTo !== undefined) document.getElementById(questionAnchor(scrollTo))?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [scrollTo]);

  const setQuestionOpen = (questionId: number, next: boolean) =>
    setOpen((ids) => (ids.includes(questionId) === next ? ids : next ? [...ids, questionId] : ids.filter((x) => x !== questionId)));

  // Page links lead to the list's pages (`/question?page=N`): the question asked for stays with its own address.
  const base = useHref('/question');
  const href = (n: number) => (n > 1 ? `${base}?page=${n}` : base);
  const goTo = (n: number) => setParams(new URLSearchParams(questionPageUrl(n).split('?')[1] ?? ''));

  return (
    <div className="rs-page">
      <h1 className="rs-h1">常见问题</h1>
      <p className="rs-lead">汇总客户在部署与使用中最常遇到的问题，点击问题查看解答。</p>
      {loading && !list.data ? (
        <Loading />
      ) : questions.length === 0 ? (
        <EmptyState text="暂无常见问题" />
      ) : (
        <>
          {given.includes('id') && !loading && !target && (
            <Notice
              className="rs-faq-notice"
              title="未找到该问题"
              description="该问题不存在或已下线，请在下方列表中查找。"
              action={<Link to="/question">查看全部问题</Link>}
            />
          )}
          <ul className="rs-faq" aria-busy={loading}>
            {questions.map((q) => (
              <FaqItem
                key={q.id}
                question={q}
                anchorId={questionAnchor(q.id)}
                open={open.includes(q.id)}
                onOpenChange={(next) => setQuestionOpen(q.id, next)}
              />
            ))}
          </ul>
          <PageLinks current={page} pageSize={FAQ_PAGE_SIZE} total={list.data?.totalElements ?? 0} href={href} onChange={goTo} />
        </>
      )}
    </div>
  );
}
