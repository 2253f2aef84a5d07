import { Base64 } from 'js-base64';

/** Where the customer-service page lives (SUPPORT-1). */
export const SUPPORT_BASE_URL = 'https://kefu.example.com/chat';

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
export function buildSupportUrl(info: SupportInfo, base: string = SUPPORT_BASE_URL): string {
  const payload = JSON.stringify({
    userName: info.userName ?? '',
    phone: info.phone ?? '',
    productVersion: info.productVersion ?? '',
    customerName: info.customerName ?? '',
  });
  return `${base}?info=${Base64.encodeURI(payload)}`;
}

/** The reverse, for tests and for the support page's team. */
export function readSupportInfo(url: string): SupportInfo {
  const info = new URL(url).searchParams.get('info') ?? '';
  return JSON.parse(Base64.decode(info)) as SupportInfo;
}
