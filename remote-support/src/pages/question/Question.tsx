import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Collapse } from 'antd';
import { useRequest } from '../../components/useRequest';
import { EmptyState, Loading } from '../../components/PageState';
import { parseId } from '../../components/format';
import '../../components/support.css';
import { loadAllQuestions } from './loadAllQuestions';
import { QuestionAnswer } from './QuestionAnswer';

export const questionAnchor = (id: number) => `rs-faq-${id}`;

/** /question: the common questions with expandable answers; `?id=` expands that question and scrolls to it. */
export default function Question() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = parseId(rawId);
  const { data, loading } = useRequest(loadAllQuestions, []);
  const [open, setOpen] = useState<string[]>([]);
  const questions = data ?? [];
  const target = id === null ? undefined : questions.find((q) => q.id === id);

  // Open the asked-for question once the list is there (and again whenever ?id= changes, e.g. a new search result).
  useEffect(() => {
    if (!target) return;
    setOpen((keys) => (keys.includes(String(target.id)) ? keys : [...keys, String(target.id)]));
    document.getElementById(questionAnchor(target.id))?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [target]);

  return (
    <div className="rs-page">
      <h1 className="rs-h1">常见问题</h1>
      <p className="rs-lead">汇总客户在部署与使用中最常遇到的问题，点击问题查看解答。</p>
      {loading ? (
        <Loading />
      ) : questions.length === 0 ? (
        <EmptyState description="暂无常见问题" />
      ) : (
        <>
          {rawId !== null && !target && (
            <Alert
              style={{ marginBottom: 16 }}
              type="warning"
              showIcon
              title="未找到该问题"
              description="该问题不存在或已下线，请在下方列表中查找。"
              action={<Link to="/question">查看全部问题</Link>}
            />
          )}
          <Collapse
            className="rs-faq"
            activeKey={open}
            onChange={(keys) => setOpen(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
            items={questions.map((q) => ({
              key: String(q.id),
              label: (
                <span id={questionAnchor(q.id)} className="rs-faq-q">
                  {q.title}
                </span>
              ),
              children: <QuestionAnswer id={q.id} summary={q.description} />,
            }))}
          />
        </>
      )}
    </div>
  );
}
