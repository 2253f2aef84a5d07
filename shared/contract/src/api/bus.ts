/** Customers and account calls under `/bus` and the CRM lookup (query-string payloads, no token): `services/api-server/src/routes/bus.ts`. */

import type { CrmResult, RData } from './common';

/** `GET /bus/customer/{id}` data. */
export interface Customer {
  id: number;
  name: string;
  contactName: string | null;
  phone: string | null;
  /** Referral code the customer registered with. */
  tgCode: string | null;
  createTime: string;
}

export type CustomerResponse = RData<Customer>;

/** `GET /admin-api/crm/customer/get?id=` data (`code` 0 = success). */
export interface CrmCustomer {
  id: number;
  name: string;
  contactName: string | null;
  mobile: string | null;
  industry: string | null;
  level: string | null;
  address: string | null;
  createTime: number;
}

export type CrmCustomerResponse = CrmResult<CrmCustomer>;

/**
 * What an SMS code is for: the server accepts a code only for the purpose it was sent for (a registration code does
 * not sign in), and a phone change sends it to the new number.
 */
export type SmsPurpose = 'login' | 'register' | 'reset' | 'phone';

/** `POST /bus/customer/sendCode?phone=&purpose=`. Answers `R` `{code:200,msg:'验证码已发送'}`. */
export interface SendCodeQuery {
  phone: string;
  purpose: SmsPurpose;
}

/** `POST /bus/customer/create?phone&name&code&tgCode`. Answers `R` `{code:200,msg:'注册成功'}`; duplicate `{code:500,msg:'该手机号已注册'}`. */
export interface RegisterQuery {
  phone: string;
  name: string;
  code: string;
  tgCode?: string;
}

/** `POST /bus/customer/resetUserPassword?phone&password&code` (password 6–20 chars). Answers `R` `{code:200,msg:'密码重置成功'}`. */
export interface ResetPasswordQuery {
  phone: string;
  password: string;
  code: string;
}
