import type { RouteSearch } from '@site/contract/routes';

/** A product page's call to action opens the contact page's message board with the product named. */
export type InquiryIntent = RouteSearch['intent'];

export const MESSAGE_BOARD_ANCHOR = 'message-board';

/** The contact page url of a product's 申请试用 / 联系我们. */
export function contactHref(productId: number, intent: InquiryIntent): string {
  return `/contact?productId=${productId}&intent=${intent}#${MESSAGE_BOARD_ANCHOR}`;
}

/** The product asked about, from the contact page's search parameters; null when there is none or it is malformed. */
export function readInquiry({ productId, intent }: Pick<RouteSearch, 'productId' | 'intent'>): { productId: number; intent: InquiryIntent } | null {
  return productId === null ? null : { productId, intent };
}

/** The message title filled in for the visitor (the form allows 100 characters). */
export function inquiryTitle(productTitle: string, intent: InquiryIntent): string {
  return `${intent === 'trial' ? '申请试用' : '产品咨询'}：${productTitle}`.slice(0, 100);
}
