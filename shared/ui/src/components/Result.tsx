import type { ReactNode } from 'react';
import './ui.css';

/**
 * A full-width message (not found, failed to load) with an optional action, without antd. `headingLevel` 1 when it
 * is the page's only heading (a detail page whose content does not exist).
 */
export function ResultMessage({ title, text, action, headingLevel = 1 }: { title: string; text?: string; action?: ReactNode; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="site-result" role="status">
      <Heading>{title}</Heading>
      {text && <p>{text}</p>}
      {action}
    </div>
  );
}
