/** RuoYi-style account calls: captcha, sign-in and out, `/getInfo`, `/getRouters`, the own profile: `services/api-server/src/routes/account.ts`. */

import type { R, RData } from './common';

/** `GET /captchaImage`. `img` is base64 of an SVG: show `'data:image/svg+xml;base64,' + img`. Single-use, 2-minute expiry. */
export interface CaptchaResponse extends R {
  captchaEnabled: boolean;
  uuid: string;
  img: string;
}

/** `POST /login` JSON body. */
export interface LoginBody {
  username: string;
  password: string;
  code: string;
  uuid: string;
  /** A solved proof of work (`GET /api/pow?for=login`), needed once the address has had a refused sign-in. */
  pow?: string;
}

/** What a proof of work is asked for: an SMS code, or a sign-in after a refused one from the same address. */
export type PowPurpose = 'sms' | 'login';

/**
 * A proof-of-work challenge (ALTCHA, altcha-lib): find the counter whose PBKDF2 key starts with `keyPrefix`. The
 * solution goes back as `pow`: base64 of the JSON `{ challenge, solution }`, used once.
 */
export interface PowChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}

/** `GET /api/pow?for=sms|login`: a challenge, or null when none is needed now (a sign-in from a clean address). */
export interface PowResponse extends R {
  challenge: PowChallenge | null;
}

/** `POST /loginNoPassword` JSON body (SMS code from `/bus/customer/sendCode`). */
export interface LoginNoPasswordBody {
  phone: string;
  code: string;
}

/** `POST /login`, `POST /loginNoPassword`. */
export interface LoginResponse extends R {
  token: string;
}

/** User of `GET /getInfo` and `GET /system/user/profile`. */
export interface UserInfo {
  userId: number;
  userName: string;
  nickName: string;
  /** Avatar url or '' */
  avatar: string;
  customerId: number | null;
  deptId: number | null;
  postIds: number[];
  phonenumber: string;
  email: string;
}

/** Permission grouped for the action directive: `system:notice:list` -> `{permissionId:'system:notice', actionList:['list']}`. */
export interface PermissionEntry {
  permissionId: string;
  actionList: string[];
}

/** `GET /getInfo`. `roles` may be empty for customers (front end uses ROLE_DEFAULT). Admin has `['*:*:*']`. */
export interface GetInfoResponse extends R {
  user: UserInfo;
  roles: string[];
  /** RuoYi permission strings, e.g. `system:notice:query`. */
  permissions: string[];
  /** The same permissions grouped with `permissionId` and `actionList` (for the action directive). */
  permissionList: PermissionEntry[];
  /** true: the account still has its initial or a reset password and must change it before anything else. */
  isDefaultModifyPwd: boolean;
}

/** RuoYi route meta. */
export interface RouteMeta {
  title: string;
  icon: string;
  noCache: boolean;
  /** External link (http/https) or null. */
  link: string | null;
}

/** RuoYi router of `GET /getRouters`. */
export interface RouterVo {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  alwaysShow?: boolean;
  /** Permission string guarding the entry, if any (extra, informational). */
  perms?: string;
  meta: RouteMeta;
  children?: RouterVo[];
}

export type GetRoutersResponse = RData<RouterVo[]>;

/** `DELETE /logout` answers `R` `{code:200,msg:'退出成功'}`. */
export type LogoutResponse = R;

/** `GET /system/user/profile`. */
export interface ProfileResponse extends RData<UserInfo> {
  roleGroup: string;
  postGroup: string;
}

/** `PUT /system/user/profile` JSON body. Answers `R`. */
export interface ProfileUpdateBody {
  nickName: string;
  phonenumber?: string;
  email?: string;
  /** SMS code sent with purpose `phone` to the new number; required when `phonenumber` changes. */
  code?: string;
}

/** `POST /system/user/profile/avatar` (multipart field `avatarfile` or `file`). */
export interface AvatarResponse extends R {
  imgUrl: string;
}

/** `PUT /system/user/profile/updatePwd` body (RuoYi). */
export interface UpdatePwdBody {
  oldPassword: string;
  newPassword: string;
}
