import { request } from '@site/app-runtime';
import type {
  CaptchaResponse,
  ConfigResponse,
  LoginBody,
  LoginNoPasswordBody,
  LoginResponse,
  R,
  RegisterQuery,
  RegisterResponse,
  ResetPasswordQuery,
  SendCodeQuery,
  SmsPurpose,
  UpdatePwdBody,
} from '@site/contract';
import { solvedPow } from './pow';

/** GET /captchaImage */
export const getCaptcha = () => request.get<CaptchaResponse>('/captchaImage', { isToken: false });
/**
 * POST /login. An address that has had a refused sign-in also proves some work (`pow`, see pow.ts): asked first, so
 * the person's press signs in at once, after the wait.
 */
export const login = async (body: LoginBody) => {
  const pow = await solvedPow('login');
  return request.post<LoginResponse>('/login', pow ? { ...body, pow } : body, { isToken: false });
};
/** POST /loginNoPassword (phone + SMS code) */
export const loginNoPassword = (body: LoginNoPasswordBody) => request.post<LoginResponse>('/loginNoPassword', body, { isToken: false });
/** The image captcha a code request carries: the answer typed and the `uuid` of that `GET /captchaImage`. */
export type SmsCaptcha = Required<Pick<SendCodeQuery, 'captcha' | 'uuid'>>;
/**
 * POST /bus/customer/sendCode?phone=&purpose=&pow=[&captcha=&uuid=] (the code is good only for that purpose). Every
 * code carries a solved proof of work (pow.ts); a `register` code, and a `phone` code asked for without a token, need
 * the image captcha too (`SendCodeQuery`); it is single use, so the caller fetches a new one after every answer.
 */
export const sendSmsCode = async (phone: string, purpose: SmsPurpose, captcha?: SmsCaptcha) => {
  const pow = await solvedPow('sms');
  const params: SendCodeQuery = { phone, purpose, ...(pow ? { pow } : {}), ...(captcha ? { captcha: captcha.captcha, uuid: captcha.uuid } : {}) };
  return request.post<R>('/bus/customer/sendCode', null, { params, isToken: purpose === 'phone' });
};
/** POST /bus/customer/create?phone&name&code&tgCode, no token header; the answer carries the new customer's token. */
export const registerCustomer = (query: RegisterQuery) =>
  request.post<RegisterResponse>('/bus/customer/create', null, { params: query, isToken: false });
/** POST /bus/customer/resetUserPassword?phone&password&code, no token header. */
export const resetUserPassword = (query: ResetPasswordQuery) =>
  request.post<R>('/bus/customer/resetUserPassword', null, { params: query, isToken: false });
/** GET /system/config/configKey/{key} */
export const getConfigKey = (key: string) => request.get<ConfigResponse>(`/system/config/configKey/${encodeURIComponent(key)}`);
/** Config key telling whether the messaging-app sign-in is open ('true') on this server. */
const WX_LOGIN_CONFIG_KEY = 'sys.account.wxLogin';
/** GET /system/config/configKey/sys.account.wxLogin: true only for the value 'true'. */
export const getWxLoginEnabled = async (): Promise<boolean> => (await getConfigKey(WX_LOGIN_CONFIG_KEY)).data === 'true';
/** PUT /system/user/profile/updatePwd {oldPassword, newPassword} (the signed-in user's own password). */
export const updatePassword = (body: UpdatePwdBody) => request.put<R>('/system/user/profile/updatePwd', body);
/** Where the messaging-app sign-in sends the browser. */
export const WX_AUTHORIZATION_URL = '/bus/wx/oauth2/authorizationUrl';
