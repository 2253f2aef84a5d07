import type { ReactNode } from 'react';
import { Menu, type MenuProps } from '@site/antd-kit';
import { Link } from 'react-router-dom';
import { menuIcon } from '../components/MenuIcon';
import type { MenuEntry } from '../menu/routes';

type Item = Required<MenuProps>['items'][number];

/** Menu entries -> antd items. Links: in-app <Link>; external ones a new target (SHELL-5). */
export function toMenuItems(entries: readonly MenuEntry[], withIcons = true): Item[] {
  return entries.map((e): Item => {
    const icon = withIcons ? menuIcon(e.icon) : undefined;
    if (e.children) return { key: e.path, icon, label: e.title, children: toMenuItems(e.children, withIcons) };
    let label: ReactNode;
    if (e.external) {
      label = (
        <a href={e.path} target="_blank" rel="noopener noreferrer">
          {e.title}
        </a>
      );
    } else label = <Link to={e.path}>{e.title}</Link>;
    return { key: e.path, icon, label };
  });
}

export function NavMenu({
  entries,
  mode,
  theme,
  selectedKey,
  openKeys,
  onNavigate,
}: {
  entries: readonly MenuEntry[];
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  selectedKey?: string;
  openKeys?: string[];
  onNavigate?: () => void;
}) {
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={toMenuItems(entries)}
      selectedKeys={selectedKey ? [selectedKey] : []}
      defaultOpenKeys={mode === 'inline' ? openKeys : undefined}
      onClick={onNavigate}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 0, background: 'transparent' } : { borderInlineEnd: 0 }}
      aria-label="主菜单"
    />
  );
}
