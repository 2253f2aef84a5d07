import { Drawer } from '@site/antd-kit';
import type { NavEntry } from '../../site-data/site-data';
import { NavList } from './NavList';
import { UserArea } from './UserArea';

/** The mobile menu (below 550 px): the same entries as the header, in an antd Drawer. Loaded on first open. */
export default function MobileDrawer({ open, onClose, entries }: { open: boolean; onClose: () => void; entries: NavEntry[] }) {
  return (
    <Drawer open={open} onClose={onClose} placement="right" size={280} title="菜单" closable={{ 'aria-label': '关闭菜单' }}>
      <nav aria-label="移动端导航">
        <NavList entries={entries} className="drawer-nav" onNavigate={onClose} />
      </nav>
      <div className="drawer-user">
        <UserArea onNavigate={onClose} />
      </div>
    </Drawer>
  );
}
