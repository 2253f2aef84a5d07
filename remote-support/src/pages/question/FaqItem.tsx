import { useRef } from 'react';
import type { ArticleWithText } from '@site/contract';
import { useAdoptedNativeState } from '@site/ui';
import { RightIcon } from '../../components/icons';
import { QuestionAnswer } from './QuestionAnswer';

/**
 * One question of the FAQ accordion: a <details> whose summary (a button, aria-expanded) shows or hides its answer.
 * The browser opens and closes it natively, before and after hydration alike; the app follows the element's `toggle`
 * event. A question opened or closed before the app hydrated the page fired its `toggle` with no one listening: at
 * hydration the app adopts the element's state (useAdoptedNativeState). `onOpenChange` sets, never flips, so the late
 * event and the adoption may both report one change.
 */
export function FaqItem({
  question,
  anchorId,
  open,
  onOpenChange,
}: {
  question: ArticleWithText;
  anchorId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  useAdoptedNativeState(
    details,
    (d) => d.open,
    open,
    (native) => onOpenChange(native),
  );
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
          <QuestionAnswer question={question} />
        </div>
      </details>
    </li>
  );
}
