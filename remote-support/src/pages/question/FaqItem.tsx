import { useState } from 'react';
import type { Article } from '@site/contract';
import { RightIcon } from '../../components/icons';
import { QuestionAnswer } from './QuestionAnswer';

/**
 * One question of the FAQ accordion: a button (aria-expanded, aria-controls) that shows or hides its answer panel.
 * The answer is fetched on the first opening only, and kept (hidden) when the question closes again, as antd's
 * Collapse did.
 */
export function FaqItem({ question, anchorId, open, onToggle }: { question: Article; anchorId: string; open: boolean; onToggle: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const panelId = `${anchorId}-answer`;
  return (
    <li className={`rs-faq-item${open ? ' rs-faq-item--open' : ''}`}>
      <button type="button" className="rs-faq-head" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        <RightIcon className="rs-faq-arrow" />
        <span id={anchorId} className="rs-faq-q">
          {question.title}
        </span>
      </button>
      <div id={panelId} className="rs-faq-panel" hidden={!open}>
        {opened && <QuestionAnswer id={question.id} summary={question.description} />}
      </div>
    </li>
  );
}
