import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Empty, Result, Spin } from 'antd';

/** Loading state of a page or a section; announced to screen readers. */
export function Loading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div className="rs-state" role="status" aria-busy="true" aria-live="polite">
      <Spin />
      <span className="rs-state-tip">{tip}</span>
    </div>
  );
}

/** Nothing to show (yet): the server answered an empty list. */
export function EmptyState({ description = '暂无内容' }: { description?: ReactNode }) {
  return (
    <div className="rs-state">
      <Empty description={description} />
    </div>
  );
}

/**
 * Missing or unknown item: a Chinese message and a way back. Its title is the page's one <h1>,
 * so pages render it instead of (not beside) their own heading.
 */
export function NotFound({ title, description, backTo, backLabel }: { title: string; description?: string; backTo: string; backLabel: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<h1 className="rs-h1 rs-notfound-title">{title}</h1>}
      subTitle={description}
      extra={
        <Button type="primary" onClick={() => navigate(backTo)}>
          {backLabel}
        </Button>
      }
    />
  );
}
