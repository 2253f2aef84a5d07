import { useState } from 'react';
import type { Article } from '@site/contract';
import { RightIcon } from '../../components/icons';
import { QuestionAnswer } from './QuestionAnswer';

/**
 * One question of the FAQ accordion: a <details> whose summary (a button, aria-expanded) shows or hides its answer.
 * Before the app has hydrated a rendered page it opens natively and shows the short answer the HTML carries; the
 * app then controls it, fetches the full answer on the first opening and keeps it (hidden) when the question
 * closes again, as antd's Collapse did.
 */
export function FaqItem({ question, anchorId, open, onToggle }: { question: Article; anchorId: string; open: boolean; onToggle: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const panelId = `${anchorId}-answer`;
  return (
    <li className={`rs-faq-item${open ? ' rs-faq-item--open' : ''}`}>
      <details open={open}>
        <summary
          className="rs-faq-head"
          role="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={(e) => {
            e.preventDefault();
            onToggle();
          }}
        >
          <RightIcon className="rs-faq-arrow" />
          <span id={anchorId} className="rs-faq-q">
            {question.title}
          </span>
        </summary>
        <div id={panelId} className="rs-faq-panel">
          {opened ? (
            <QuestionAnswer id={question.id} summary={question.description} />
          ) : (
            <p className="rs-faq-a">{question.description || '暂无解答'}</p>
          )}
        </div>
      </details>
    </li>
  );
}
