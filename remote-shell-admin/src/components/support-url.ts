import { Base64 } from 'js-base64';
import type { UserInfo, WorkbenchAccount } from '@site/contract';

export interface SupportInfo {
  userName: string;
  phone: string;
  productVersion: string;
  customerName: string;
}

/**
 * SUPPORT-2: the user name, phone, product version and customer name as JSON, base64-encoded as UTF-8 (Chinese names
 * survive), URL-safe so it needs no further escaping in the query string.
 */
export function buildSupportUrl(info: SupportInfo, base: string): string {
  const payload = JSON.stringify({
    userName: info.userName ?? '',
    phone: info.phone ?? '',
    productVersion: info.productVersion ?? '',
    customerName: info.customerName ?? '',
  });
  return `${base}${base.includes('?') ? '&' : '?'}info=${Base64.encodeURI(payload)}`;
}

/**
 * The support link of a signed-in user: the configured customer-service page (SUPPORT-1) with their user name, phone,
 * product version and customer name; null when no page is configured (the link is not shown).
 */
export function supportHref(user: Pick<UserInfo, 'userName' | 'phonenumber'> | null, account: WorkbenchAccount | null): string | null {
  if (!account?.supportUrl) return null;
  return buildSupportUrl(
    {
      userName: user?.userName ?? '',
      phone: user?.phonenumber ?? '',
      productVersion: account.productVersion,
      customerName: account.customer?.name ?? '',
    },
    account.supportUrl,
  );
}

/** The reverse, for tests and for the support page's team. */
export function readSupportInfo(url: string): SupportInfo {
  const info = new URL(url).searchParams.get('info') ?? '';
  return JSON.parse(Base64.decode(info)) as SupportInfo;
}
