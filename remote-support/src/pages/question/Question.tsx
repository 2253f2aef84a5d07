import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, useData } from '@site/ui';
import type { RouteLoader } from '@site/ui/render';
import { articleOfUrl, prefetch } from '../../components/loaders';
import { Loading, Notice } from '../../components/PageState';
import { parseId } from '../../components/format';
import '../../components/support.css';
import { allQuestionsQuery } from './loadAllQuestions';
import { FaqItem } from './FaqItem';

/** Every question (their short answers are in the list; a full answer loads when its question opens), and the full answer of the question `?id=` opens. */
export const loader: RouteLoader = (args) => prefetch(args, [allQuestionsQuery(), articleOfUrl(args.url)]);

export const questionAnchor = (id: number) => `rs-faq-${id}`;

/**
 * /question: the common questions with expandable answers; `?id=` expands that question and scrolls to it.
 * Renders without antd (the accordion is plain buttons with aria-expanded, see FaqItem).
 */
export default function Question() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = parseId(rawId);
  const { data, loading } = useData(allQuestionsQuery());
  const [open, setOpen] = useState<number[]>([]);
  const questions = data ?? [];
  const target = id === null ? undefined : questions.find((q) => q.id === id);

  // Open the asked-for question once the list is there (and again whenever ?id= changes, e.g. a new search result):
  // adjusted during render, so the page never paints with it closed; scrolling to it waits for the commit.
  const [openedFor, setOpenedFor] = useState<typeof target>(undefined);
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target) setOpen((ids) => (ids.includes(target.id) ? ids : [...ids, target.id]));
  }
  useEffect(() => {
    if (target) document.getElementById(questionAnchor(target.id))?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [target]);

  const setQuestionOpen = (questionId: number, next: boolean) =>
    setOpen((ids) => (ids.includes(questionId) === next ? ids : next ? [...ids, questionId] : ids.filter((x) => x !== questionId)));

  return (
    <div className="rs-page">
      <h1 className="rs-h1">常见问题</h1>
      <p className="rs-lead">汇总客户在部署与使用中最常遇到的问题，点击问题查看解答。</p>
      {loading ? (
        <Loading />
      ) : questions.length === 0 ? (
        <EmptyState text="暂无常见问题" />
      ) : (
        <>
          {rawId !== null && !target && (
            <Notice
              className="rs-faq-notice"
              title="未找到该问题"
              description="该问题不存在或已下线，请在下方列表中查找。"
              action={<Link to="/question">查看全部问题</Link>}
            />
          )}
          <ul className="rs-faq">
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
        </>
      )}
    </div>
  );
}
