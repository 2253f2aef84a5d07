import { request } from '../http/client';
import type {
  CaptchaResponse,
  ConfigResponse,
  GetInfoResponse,
  LoginBody,
  LoginNoPasswordBody,
  LoginResponse,
  R,
  RegisterQuery,
  ResetPasswordQuery,
} from '../types/api';

/** GET /captchaImage */
export const getCaptcha = () => request.get<CaptchaResponse>('/captchaImage', { isToken: false });
/** POST /login */
export const login = (body: LoginBody) => request.post<LoginResponse>('/login', body, { isToken: false });
/** POST /loginNoPassword (phone + SMS code) */
export const loginNoPassword = (body: LoginNoPasswordBody) => request.post<LoginResponse>('/loginNoPassword', body, { isToken: false });
/** GET /getInfo */
export const getInfo = () => request.get<GetInfoResponse>('/getInfo');
/** DELETE /logout */
export const logoutCall = () => request.delete<R>('/logout');
/** POST /bus/customer/sendCode?phone= */
export const sendSmsCode = (phone: string) => request.post<R>('/bus/customer/sendCode', null, { params: { phone }, isToken: false });
/** POST /bus/customer/create?phone&name&code&tgCode, no token header. */
export const registerCustomer = (query: RegisterQuery) => request.post<R>('/bus/customer/create', null, { params: query, isToken: false });
/** POST /bus/customer/resetUserPassword?phone&password&code, no token header. */
export const resetUserPassword = (query: ResetPasswordQuery) =>
  request.post<R>('/bus/customer/resetUserPassword', null, { params: query, isToken: false });
/** GET /system/config/configKey/{key} */
export const getConfigKey = (key: string) => request.get<ConfigResponse>(`/system/config/configKey/${encodeURIComponent(key)}`);
/** Where the messaging-app sign-in sends the browser. */
export const WX_AUTHORIZATION_URL = '/bus/wx/oauth2/authorizationUrl';
