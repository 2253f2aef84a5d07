import { Link, useLocation } from 'react-router-dom';
import type { NavEntry } from '../../site-data/site-data';
import { activeNavPath } from './active-nav';

export function NavList({ entries, className, onNavigate }: { entries: NavEntry[]; className: string; onNavigate?: () => void }) {
  const active = activeNavPath(useLocation().pathname);
  return (
    <ul className={className}>
      {entries.map((e) => (
        <li key={e.path}>
          <Link to={e.path} aria-current={active === e.path ? 'page' : undefined} onClick={onNavigate}>
            {e.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
