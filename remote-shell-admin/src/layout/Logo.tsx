import { Link } from 'react-router-dom';
import { ThunderboltFilled } from '@site/antd-kit';
import { COMPANY_NAME } from '@site/contract';

/** SHELL-6: the logo links to the public home (/). */
export function Logo({ collapsed = false, dark = false }: { collapsed?: boolean; dark?: boolean }) {
  return (
    <Link
      to="/"
      className="admin-logo"
      aria-label={`${COMPANY_NAME} 首页`}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        height: 64,
        padding: '0 16px',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        color: dark ? '#fff' : 'inherit',
        fontWeight: 600,
      }}
    >
      <ThunderboltFilled style={{ fontSize: 22, color: 'var(--ant-color-primary)' }} />
      {!collapsed && <span className="admin-logo-text">华电智控</span>}
    </Link>
  );
}
