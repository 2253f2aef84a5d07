import { useEffect, useState } from 'react';
import { Button, CustomerServiceOutlined } from '@site/ui-kit';
import { getConfigKey, getCrmCustomerForUser, getCustomer } from '@site/api';
import { useAuth } from '@site/runtime';
import { buildSupportUrl } from './support-url';

export const PRODUCT_VERSION_KEY = 'site.productVersion';

/** The customer name: the CRM lookup first, the site's own customer record as fallback. */
async function customerName(customerId: number | null | undefined): Promise<string> {
  if (!customerId) return '';
  try {
    const crm = await getCrmCustomerForUser(customerId);
    if (crm && crm.code === 0 && crm.data?.name) return crm.data.name;
  } catch {
    /* fall back below */
  }
  try {
    return (await getCustomer(customerId)).data?.name ?? '';
  } catch {
    return '';
  }
}

/** SUPPORT-1/2: 帮助与支持 opens the customer-service page with who is asking, in a new tab. */
export function SupportLink() {
  const { user } = useAuth();
  const [extra, setExtra] = useState({ productVersion: '', customerName: '' });
  useEffect(() => {
    let alive = true;
    void (async () => {
      const [version, name] = await Promise.all([
        getConfigKey(PRODUCT_VERSION_KEY)
          .then((r) => r.data ?? '')
          .catch(() => ''),
        customerName(user?.customerId),
      ]);
      if (alive) setExtra({ productVersion: version, customerName: name });
    })();
    return () => {
      alive = false;
    };
  }, [user?.customerId]);
  const href = buildSupportUrl({ userName: user?.userName ?? '', phone: user?.phonenumber ?? '', ...extra });
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
