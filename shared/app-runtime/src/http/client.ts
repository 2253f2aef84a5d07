import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse, AxiosStatic, InternalAxiosRequestConfig } from 'axios';
import { ACCOUNT_DISABLED_MSG, COOKIE_KEYS, HTTP_TIMEOUT_MS } from '@site/contract';
import { bus } from '../bus';
import { getToken } from '../auth/token';
import { safeCookies } from '../storage/safe-storage';
import {
  LOGIN_EXPIRED_CANCEL,
  LOGIN_EXPIRED_ERROR,
  LOGIN_EXPIRED_OK,
  LOGIN_EXPIRED_TEXT,
  LOGIN_EXPIRED_TITLE,
  NETWORK_ERROR_TEXT,
  PASS_CODES,
  TIMEOUT_TEXT,
  codeMessage,
  httpStatusText,
} from './messages';
import { notify } from './notify';

/** Per-request flags on top of axios' own config. */
export interface RequestFlags {
  /** false: send no Authorization header (registration, password reset). */
  isToken?: boolean;
  /** true: hand the body back whatever its code (calls of other systems, e.g. the CRM's code 0). */
  rawAnswer?: boolean;
  /**
   * true: a 404 (code or HTTP status) rejects without a notice, because the page itself shows that the thing is
   * missing (an article's old address: the not-found page alone, no 错误 popup on top).
   */
  quietNotFound?: boolean;
}
export type RequestConfig = AxiosRequestConfig & RequestFlags;

/** Answers of 500 are not notified for these URLs: the page shows the reason itself. */
const SILENT_500 = [/^\/login(\?|$)/, /company.*search|search.*company/i];

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: number | string | undefined,
    public readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One 'login expired' notice at a time (AUTH-9..11). */
export const relogin = { show: false };

/**
 * The notice of a 401: the login-expired text, or the server's own when it says the account has been disabled
 *: a disabled person must not be told their sign-in merely expired.
 */
function showLoginExpired(url?: string, serverMsg?: string): void {
  bus.emit('authExpired', { url });
  if (relogin.show) return;
  relogin.show = true;
  notify.confirm({
    title: LOGIN_EXPIRED_TITLE,
    content: serverMsg === ACCOUNT_DISABLED_MSG ? ACCOUNT_DISABLED_MSG : LOGIN_EXPIRED_TEXT,
    okText: LOGIN_EXPIRED_OK,
    cancelText: LOGIN_EXPIRED_CANCEL,
    onOk: () => bus.emit('logout', { reason: 'expired' }),
    afterClose: () => {
      relogin.show = false;
    },
  });
}

/** Network errors on the mobile messaging-app browser are suppressed until their 2nd occurrence (ERR-9). */
const networkErrorCounts = new Map<string, number>();
function isMobileWeChat(): boolean {
  return safeCookies.get(COOKIE_KEYS.isMobileWeChat) === 'true';
}
function notifyNetworkError(text: string): void {
  if (isMobileWeChat()) {
    const n = (networkErrorCounts.get(text) ?? 0) + 1;
    networkErrorCounts.set(text, n);
    if (n < 2) return;
  }
  notify.error(text);
}
/** For tests. */
export function resetNetworkErrorCounts(): void {
  networkErrorCounts.clear();
}

interface CodedBody {
  code?: number | string;
  msg?: string;
  message?: string;
}

/** Turns a body with a code into either the body (pass) or a rejection with the right notice. */
function handleCodedBody(body: CodedBody, config: RequestConfig): unknown {
  const url = config.url ?? '';
  const code = body.code;
  if (code === undefined || code === null || PASS_CODES.includes(code)) return body;
  const msg = body.msg || body.message || codeMessage(code);
  if (Number(code) === 404 && config.quietNotFound) return Promise.reject(new ApiError(msg, code, body));
  if (Number(code) === 401) {
    showLoginExpired(url, body.msg);
    return Promise.reject(new ApiError(LOGIN_EXPIRED_ERROR, 401, body));
  }
  // Too soon (a code asked for again within its minute, too many attempts): a wait, told as one, not an error. The
  // rejection keeps the body, whose retryAfter lets a send button count down the same seconds.
  if (Number(code) === 429) {
    notify.wait(msg);
    return Promise.reject(new ApiError(msg, 429, body));
  }
  if (Number(code) === 500) {
    if (!SILENT_500.some((re) => re.test(url))) notify.error(msg);
    return Promise.reject(new ApiError(msg, 500, body));
  }
  notify.error(msg);
  return Promise.reject(new ApiError(msg, code, body));
}

function isBinary(config: AxiosRequestConfig): boolean {
  return config.responseType === 'blob' || config.responseType === 'arraybuffer';
}

/** The header of a write's key (IETF draft httpapi-idempotency-key-header): the API answers a repeat once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const isWrite = (config: AxiosRequestConfig) => WRITE_METHODS.has((config.method ?? 'get').toLowerCase());

/**
 * A fresh key: `crypto.randomUUID()`, or where the page is not a secure context (plain http: no randomUUID) a
 * version-4 UUID from `crypto.getRandomValues`, which every browser has.
 */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function onRequest(config: InternalAxiosRequestConfig & RequestFlags): InternalAxiosRequestConfig {
  // Every write carries a key of its own; a retry of it (below) keeps the same one.
  if (isWrite(config) && !config.headers.has(IDEMPOTENCY_HEADER)) config.headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
  if (config.isToken !== false) {
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
}

export function onResponse(response: AxiosResponse): unknown {
  const config = response.config as RequestConfig;
  if (isBinary(config)) return response;
  const body = response.data;
  if (config.rawAnswer || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return handleCodedBody(body as CodedBody, config);
}

export function onError(error: AxiosError): Promise<never> {
  const config = (error.config ?? {}) as RequestConfig;
  const body = error.response?.data as CodedBody | undefined;
  // A JSON error body from our server carries its own code and Chinese message.
  if (body && typeof body === 'object' && !(typeof Blob !== 'undefined' && body instanceof Blob) && 'code' in body) {
    return Promise.resolve(handleCodedBody(body, config)).then(() =>
      Promise.reject(new ApiError(body.msg || codeMessage(body.code!), body.code, body)),
    );
  }
  if (error.response?.status === 401) {
    showLoginExpired(config.url);
    return Promise.reject(new ApiError(LOGIN_EXPIRED_ERROR, 401));
  }
  // A file download reads its error body itself (a Blob holding the server's JSON, ERR-11) and says what failed
  // (ERR-12): a notice here would show 系统接口404异常 before the body's own message.
  if (isBinary(config)) return Promise.reject(error);
  if (error.response?.status === 404 && config.quietNotFound) return Promise.reject(new ApiError(codeMessage(404), 404));
  const raw = error.message || '';
  let text: string;
  if (raw === 'Network Error') text = NETWORK_ERROR_TEXT;
  else if (raw.includes('timeout')) text = TIMEOUT_TEXT;
  else if (raw.includes('Request failed with status code')) text = httpStatusText(raw.slice(-3));
  else text = raw || codeMessage('default');
  notifyNetworkError(text);
  return Promise.reject(new ApiError(text, error.response?.status));
}

/** A retried request's mark: it is retried once only. */
const RETRIED = '__idempotentRetry';
/** How long the retry waits by default; a 503's Retry-After (capped at 5 s) wins. */
export const RETRY_DELAY_MS = 300;

/**
 * Whether a failed write is sent again, once, with the same Idempotency-Key: the request never got an
 * answer (a network failure: the connection refused or cut, e.g. the instance behind the front door died) or the
 * answer was 502/503 (a gateway with no instance, the API with no database). The server runs a write it already
 * answered no second time (it answers the first answer again), so the retry is safe. Not retried: reads (not ours to
 * repeat here), a write without a key, a timeout (the 60 s are spent), a cancelled request, any other status.
 */
export function shouldRetry(error: AxiosError): boolean {
  const config = error.config as (InternalAxiosRequestConfig & { [RETRIED]?: boolean }) | undefined;
  if (!config || config[RETRIED] || !isWrite(config) || !config.headers?.has?.(IDEMPOTENCY_HEADER)) return false;
  if (error.code === 'ERR_CANCELED' || error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return false;
  const status = error.response?.status;
  if (status === undefined) return error.code === 'ERR_NETWORK' || error.message === 'Network Error';
  return status === 502 || status === 503;
}

function retryDelay(error: AxiosError): number {
  const after = Number(error.response?.headers?.['retry-after']);
  return error.response?.status === 503 && Number.isFinite(after) && after > 0 ? Math.min(after, 5) * 1000 : RETRY_DELAY_MS;
}

/** The response error handler: one retry of a write when shouldRetry says so, else the notices of onError. */
export function retryOrFail(instance: AxiosInstance) {
  return async (error: AxiosError): Promise<unknown> => {
    if (!shouldRetry(error)) return onError(error);
    const config = error.config as InternalAxiosRequestConfig & { [RETRIED]?: boolean };
    config[RETRIED] = true;
    await new Promise((resolve) => setTimeout(resolve, retryDelay(error)));
    return instance.request(config);
  };
}

export function createHttp(axios: AxiosStatic): AxiosInstance {
  const instance = axios.create({
    baseURL: '',
    timeout: HTTP_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json;charset=utf-8' },
  });
  instance.interceptors.request.use(onRequest);
  instance.interceptors.response.use(onResponse as never, retryOrFail(instance));
  return instance;
}

let client: Promise<AxiosInstance> | null = null;

/**
 * The one configured client (same origin, 60 s timeout, bearer from the access_token cookie), made on the first
 * call: axios (about 20 KB brotli, shared by federation) loads then, so a page whose data came with its HTML loads
 * none of it before it is interactive.
 */
export function httpClient(): Promise<AxiosInstance> {
  client ??= import('axios').then((m) => createHttp(m.default));
  return client;
}

/** The client's calls, each waiting for the client: the same methods an axios instance has, answered the same way. */
export const http = {
  get: (url: string, config?: RequestConfig) => httpClient().then((c) => c.get(url, config)),
  post: (url: string, data?: unknown, config?: RequestConfig) => httpClient().then((c) => c.post(url, data, config)),
  put: (url: string, data?: unknown, config?: RequestConfig) => httpClient().then((c) => c.put(url, data, config)),
  delete: (url: string, config?: RequestConfig) => httpClient().then((c) => c.delete(url, config)),
  request: (config: RequestConfig) => httpClient().then((c) => c.request(config)),
};

/** Typed helpers: the interceptors already unwrap the body. */
export const request = {
  get<T>(url: string, config?: RequestConfig): Promise<T> {
    return http.get(url, config) as unknown as Promise<T>;
  },
  post<T>(url: string, data?: unknown, config?: RequestConfig): Promise<T> {
    return http.post(url, data, config) as unknown as Promise<T>;
  },
  put<T>(url: string, data?: unknown, config?: RequestConfig): Promise<T> {
    return http.put(url, data, config) as unknown as Promise<T>;
  },
  delete<T>(url: string, config?: RequestConfig): Promise<T> {
    return http.delete(url, config) as unknown as Promise<T>;
  },
};
