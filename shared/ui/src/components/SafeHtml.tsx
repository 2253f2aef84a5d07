import { useMemo } from 'react';
import { sanitizeHtml } from '../utils/sanitize';

/** Renders server HTML only after DOMPurify. The one sanctioned use of dangerouslySetInnerHTML. */
export function SafeHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string | null | undefined;
  className?: string;
  as?: 'div' | 'section' | 'article';
}) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
