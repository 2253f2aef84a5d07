/** The signed-in customer's workbench, `/system/workbench*`: `services/api-server/src/routes/workbench.ts`. */

import type { RData } from './common';
import type { CustomerProduct } from './customers';

/** `GET /system/workbench/account`: the signed-in user's customer, product and support address. */
export interface WorkbenchAccount {
  /** The customer the account belongs to (null for an account without one; name '' when no company is known). */
  customer: { id: number; name: string; contactName: string | null } | null;
  /** Every product the customer's company uses with its version ([] when none): the ones below are its first. */
  products: CustomerProduct[];
  /** The product the customer runs, as the product centre names it ('' when unknown). */
  productName: string;
  /**
   * The customer's product version; '' when the customer has none. Staff get the site's (config
   * site.productVersion) when their account has no customer version (a customer is never shown the site's).
   */
  productVersion: string;
  /** The product centre's article of that product (for /productDetail?id=), when there is one. */
  productArticleId: number | null;
  /** The configured customer-service page ('' = none: the support link is not shown). */
  supportUrl: string;
}

export type WorkbenchAccountResponse = RData<WorkbenchAccount>;

/**
 * One row of `GET /system/workbench/documents`: a published document-centre file for the customer's product (their
 * product's first, then the general ones); none when the account has no product.
 */
export interface WorkbenchDocument {
  id: number;
  title: string;
  fileName: string | null;
  /** 用户手册, 部署指南, … (the document's customs.docType; '' when it has none). */
  docType: string;
  /**
   * The customer's product the document is for (its name as the product centre gives it), so the workbench can
   * mark it; '' for a general document that names no product.
   */
  product: string;
  publishDate: string;
}

export type WorkbenchDocumentsResponse = RData<WorkbenchDocument[]>;
