import { useEffect, useState } from 'react';
import { Button, CustomerServiceOutlined } from '@site/antd-kit';
import { getWorkbenchAccount } from '@site/api-client';
import type { WorkbenchAccount } from '@site/contract';
import { useAuth } from '@site/app-runtime';
import { supportHref } from './support-url';

/** The signed-in user's customer, product version and support address (null until loaded or when it fails). */
export function useWorkbenchAccount(): WorkbenchAccount | null {
  const { user } = useAuth();
  const [account, setAccount] = useState<WorkbenchAccount | null>(null);
  useEffect(() => {
    let alive = true;
    getWorkbenchAccount()
      .then((r) => alive && setAccount(r.data ?? null))
      .catch(() => alive && setAccount(null));
    return () => {
      alive = false;
    };
  }, [user?.userId, user?.customerId]);
  return account;
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
