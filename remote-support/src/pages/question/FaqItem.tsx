import { useEffect, useRef, useState } from 'react';
import type { Article } from '@site/contract';
import { RightIcon } from '../../components/icons';
import { QuestionAnswer } from './QuestionAnswer';

/**
 * One question of the FAQ accordion: a <details> whose summary (a button, aria-expanded) shows or hides its answer.
 * The browser opens and closes it natively, before and after hydration alike; the app follows the element's `toggle`
 * event. A question opened before the app hydrated the page fired its `toggle` with no one listening, so after each
 * commit the element's own state wins over the app's: the app adopts it, fetches the full answer on the first opening
 * and keeps it (hidden) when the question closes again, as antd's Collapse did. `onOpenChange` sets, never flips, so
 * the event and the adoption may both report one change.
 */
export function FaqItem({
  question,
  anchorId,
  open,
  onOpenChange,
}: {
  question: Article;
  anchorId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const native = details.current?.open;
    if (native !== undefined && native !== open) onOpenChange(native);
  });
  const panelId = `${anchorId}-answer`;
  return (
    <li className={`rs-faq-item${open ? ' rs-faq-item--open' : ''}`}>
      {/* The visitor may have toggled it before hydration: its `open` may differ from the HTML, and is adopted. */}
      <details ref={details} open={open} onToggle={(e) => onOpenChange(e.currentTarget.open)} suppressHydrationWarning>
        <summary className="rs-faq-head" role="button" aria-expanded={open} aria-controls={panelId}>
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
