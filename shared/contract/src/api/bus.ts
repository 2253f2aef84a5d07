/** Customers and account calls under `/bus` and the CRM lookup (query-string payloads, no token): `services/api-server/src/routes/bus.ts`. */

import type { LoginResponse } from './account';
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

/**
 * `POST /bus/customer/sendCode?phone=&purpose=&captcha=&uuid=`. Answers `R` `{code:200,msg:'验证码已发送'}`.
 *
 * A code that may go to a number without an account — purpose `register`, and `phone` when the caller
 * sends no valid token — needs the image captcha first (whether or not the number has an account, so the demand
 * tells nothing): `uuid` and the answer `captcha` of `GET /captchaImage` (single use; a new one for each request).
 * Without them `{code:500,msg:'请先输入图形验证码'}`; wrong `{code:500,msg:'验证码错误'}`, used or expired
 * `{code:500,msg:'验证码已失效'}` (then fetch a new captcha). Not needed when `/captchaImage` answers
 * `captchaEnabled: false`, nor for `login`/`reset`. The site-wide hourly cap answers HTTP 429
 * `{code:429,msg:'短信验证码发送量已达本小时上限，请在 N 分钟后重试', retryAfter}`.
 */
export interface SendCodeQuery {
  phone: string;
  purpose: SmsPurpose;
  /** The answer typed from the captcha image (case-insensitive). */
  captcha?: string;
  /** The `uuid` `GET /captchaImage` answered with that image. */
  uuid?: string;
  /** A solved proof of work of `GET /api/pow?for=sms` (every code needs one). */
  pow?: string;
}

/** `POST /bus/customer/create?phone&name&code&tgCode`. Answers `R` `{code:200,msg:'注册成功'}`; duplicate `{code:500,msg:'该手机号已注册'}`. */
export interface RegisterQuery {
  phone: string;
  name: string;
  code: string;
  tgCode?: string;
}

/** `POST /bus/customer/create` answer: 注册成功 with a token, as an SMS sign-in gives (the code proved the phone). */
export type RegisterResponse = LoginResponse;

/** `POST /bus/customer/resetUserPassword?phone&password&code` (password 6–20 chars). Answers `R` `{code:200,msg:'密码重置成功'}`. */
export interface ResetPasswordQuery {
  phone: string;
  password: string;
  code: string;
}
