import { Button, CustomerServiceOutlined } from '@site/antd-kit';
import type { WorkbenchAccount } from '@site/contract';
import { useAuth } from '@site/app-runtime';
import { workbenchAccountQuery } from '../data/queries';
import { useShellQuery } from '../data/shell-query';
import { supportHref } from './support-url';

/** The signed-in user's customer, product version and support address (null until loaded or when it fails). */
export function useWorkbenchAccount(): WorkbenchAccount | null {
  const { user } = useAuth();
  const q = useShellQuery(workbenchAccountQuery(user?.userId, user?.customerId));
  return q.isError ? null : (q.data ?? null);
}

/**
 * SUPPORT-1/2: 帮助与支持 opens the configured customer-service page with who is asking, in a new tab; nothing is
 * shown when no page is configured.
 */
export function SupportLink() {
  const { user } = useAuth();
  const href = supportHref(user, useWorkbenchAccount());
  if (!href) return null;
  return (
    <Button
      type="text"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      icon={<CustomerServiceOutlined />}
      className="support-link"
      aria-label="帮助与支持"
    >
      <span className="admin-hide-mobile">帮助与支持</span>
    </Button>
  );
}
