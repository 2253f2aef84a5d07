import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ResultMessage } from '@site/ui';
import { WarningIcon } from './icons';

/*
 * The page states of remote-support, in plain markup and CSS (support.css, shared ui.css): the exposed pages render
 * without antd, so the host does not download it for them. The empty state is @site/ui's EmptyState.
 */

/** Loading state of a page or a section (a CSS spinner and its text); announced to screen readers. */
export function Loading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div className="rs-state" role="status" aria-busy="true" aria-live="polite" aria-label="加载中">
      <span className="rs-spinner" aria-hidden="true" />
      <span className="rs-state-tip">{tip}</span>
    </div>
  );
}

/**
 * Missing or unknown item: a Chinese message and a way back. Its title is the page's one <h1>,
 * so pages render it instead of (not beside) their own heading.
 */
export function NotFound({ title, description, backTo, backLabel }: { title: string; description?: string; backTo: string; backLabel: string }) {
  return (
    <ResultMessage
      title={title}
      text={description}
      action={
        <Link to={backTo} className="site-button site-button--primary">
          {backLabel}
        </Link>
      }
    />
  );
}

/**
 * A warning box (antd's warning Alert redrawn): an unknown `?id=` on a list page. The list below stays usable, so
 * this is a polite status, not an alert that interrupts.
 */
export function Notice({ title, description, action, className }: { title: string; description?: string; action?: ReactNode; className?: string }) {
  return (
    <div className={`rs-notice${className ? ` ${className}` : ''}`} role="status">
      <WarningIcon className="rs-notice-icon" />
      <div className="rs-notice-body">
        <p className="rs-notice-title">{title}</p>
        {description && <p className="rs-notice-text">{description}</p>}
      </div>
      {action && <div className="rs-notice-action">{action}</div>}
    </div>
  );
}
