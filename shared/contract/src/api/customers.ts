/** People registered on the site, `/system/customer*`: `services/api-server/src/routes/customers.ts`. */

import type { PageQuery, RData, TableDataInfo } from './common';
import type { AccountFields, UserStatus } from './users';

/** `GET /system/customer/list` row, `GET /system/customer/{id}` data: a person registered on the site (no role). */
export interface SiteCustomer extends AccountFields {
  customerId: number | null;
  /** The company of `customer` the account belongs to, or ''. */
  customerName: string;
  /** The products the company uses and their versions ([] without a company or products). */
  products: CustomerProduct[];
  /** Signed in with the messaging app at least once. */
  wxBound: boolean;
  createTime: string;
}

export interface SiteCustomerQuery extends PageQuery {
  /** Part of the user name, nickname, phone number or company. */
  keyword?: string;
  status?: UserStatus;
}

export type SiteCustomerListResponse = TableDataInfo<SiteCustomer>;

export type SiteCustomerResponse = RData<SiteCustomer>;

/**
 * A product a company uses: an article of the product centre and the version the company runs. articleId
 * is null only for a product stored by name before products were chosen from the product centre (011_workbench.sql)
 * that the product centre no longer has.
 */
export interface CustomerProduct {
  articleId: number | null;
  /** The product article's title. */
  title: string;
  version: string;
}

/** Most products one company is set to use. */
export const CUSTOMER_PRODUCTS_MAX = 10;
/** Longest product version (customer_product.version). */
export const CUSTOMER_VERSION_MAX = 32;
/** Longest company name (customer.name). */
export const CUSTOMER_NAME_MAX = 100;

/**
 * Body of `PUT /system/customer/{userId}/company` (perm system:customer:edit): the company the account belongs to,
 * an existing one (`customerId`) or one named here (`customerName`: the company of that name, created when there is
 * none); neither: the account belongs to no company. `products` replaces the company's products (needs a company).
 */
export interface SiteCustomerCompanyBody {
  customerId?: number | null;
  customerName?: string;
  products: { articleId: number; version: string }[];
}

/** `GET /system/customer/units?keyword=`: the companies staff pick from (perm system:customer:edit). */
export interface CustomerUnit {
  id: number;
  name: string;
}
export type CustomerUnitsResponse = RData<CustomerUnit[]>;

/** `GET /system/customer/productOptions`: the product centre's published products (perm system:customer:edit). */
export interface CustomerProductOption {
  id: number;
  title: string;
  /**
   * The product's versions the site knows, newest first (numbers compared as numbers): the one its product-centre
   * article states (`customs.version`) and every version recorded for a company (客户管理, and the product stored
   * with a company before). Each passes the same rule as a saved version. Empty when none is known.
   */
  versions: string[];
}
export type CustomerProductOptionsResponse = RData<CustomerProductOption[]>;
