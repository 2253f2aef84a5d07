import { useContext, useMemo } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { sanitizeHtml } from '../utils/sanitize';
import { renderSettingsOf } from '../render/settings';

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
  // In the page renderer, the render's window (its query client's settings); in the browser, the page's.
  const sanitizeWindow = renderSettingsOf(useContext(QueryClientContext))?.sanitizeWindow;
  const clean = useMemo(() => sanitizeHtml(html, sanitizeWindow), [html, sanitizeWindow]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
