/** People registered on the site (issue 18.6), `/system/customer*`: `services/api-server/src/routes/customers.ts`. */

import type { PageQuery, RData, TableDataInfo } from './common';
import type { AccountFields, UserStatus } from './users';

/** `GET /system/customer/list` row, `GET /system/customer/{id}` data: a person registered on the site (no role). */
export interface SiteCustomer extends AccountFields {
  customerId: number | null;
  /** The company of `customer` the account belongs to, or ''. */
  customerName: string;
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
