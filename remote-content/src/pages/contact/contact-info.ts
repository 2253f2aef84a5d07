import type { ArticleCustoms } from '@site/contract';

/** The structured contact details an article may carry in its customs (the contact channel's 联系方式). */
export interface ContactInfo {
  hotline?: string;
  phone?: string;
  email?: string;
  salesEmail?: string;
  address?: string;
  zip?: string;
  workTime?: string;
  /** WGS-84 position of the address, when known. */
  lng?: number;
  lat?: number;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const num = (v: unknown, min: number, max: number) => (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : undefined);

/** The details present in customs, or null when it holds none (the article's own text is shown then). */
export function readContact(customs: ArticleCustoms | null | undefined): ContactInfo | null {
  if (!customs) return null;
  const info: ContactInfo = {
    hotline: str(customs.hotline),
    phone: str(customs.phone),
    email: str(customs.email),
    salesEmail: str(customs.salesEmail),
    address: str(customs.address),
    zip: str(customs.zip),
    workTime: str(customs.workTime),
    lng: num(customs.lng, -180, 180),
    lat: num(customs.lat, -90, 90),
  };
  return info.hotline || info.phone || info.email || info.salesEmail || info.address ? info : null;
}

/** `tel:` href of a printed number: digits and a leading + only (400-820-6688 -> tel:4008206688). */
export function telHref(number: string): string {
  const trimmed = number.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** `mailto:` href of an address, or null when it is not one. */
export function mailtoHref(address: string): string | null {
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address.trim()) ? `mailto:${address.trim()}` : null;
}

/**
 * Directions to the address on a public map site (AMap's URI API: no script on this page, no key). With a position
 * the route ends exactly there; otherwise the map searches the address.
 */
export function directionsHref(info: Pick<ContactInfo, 'address' | 'lng' | 'lat'>, name: string): string | null {
  if (info.lng !== undefined && info.lat !== undefined) {
    const to = `${info.lng},${info.lat},${name}`;
    return `https://uri.amap.com/navigation?to=${encodeURIComponent(to)}&mode=car&coordinate=wgs84&callnative=1`;
  }
  if (info.address) return `https://uri.amap.com/search?keyword=${encodeURIComponent(info.address)}`;
  return null;
}
