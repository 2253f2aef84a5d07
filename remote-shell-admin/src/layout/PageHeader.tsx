import { Breadcrumb, Typography } from '@site/antd-kit';
import { Link } from 'react-router-dom';
import type { RouteMatch } from '../menu/routes';

/** Breadcrumbs from the current menu path, then the page title: the page's one h1 (SHELL-2). */
export function PageHeader({ match, fallbackTitle }: { match: RouteMatch | null; fallbackTitle: string }) {
  const title = match?.entry.title ?? fallbackTitle;
  const items = [
    ...(match?.entry.path === '/index' ? [] : [{ key: 'home', title: <Link to="/index">工作台</Link> }]),
    ...(match?.parents ?? []).map((p) => ({ key: p.path, title: p.title })),
    { key: 'current', title },
  ];
  return (
    <div className="admin-page-header" style={{ padding: '12px 0 4px' }}>
      <Breadcrumb items={items} />
      <Typography.Title level={1} style={{ fontSize: 20, margin: '8px 0 12px' }}>
        {title}
      </Typography.Title>
    </div>
  );
}
