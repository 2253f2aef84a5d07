/** The error catalogue of the specification's section 8 (docs/requirements.md, ERR-*), verbatim. */
export const CODE_MESSAGES: Record<string, string> = {
  '401': '认证失败，无法访问系统资源',
  '403': '当前操作没有权限',
  '404': '访问资源不存在',
  default: '系统未知错误，请反馈给管理员',
};

export const NETWORK_ERROR_TEXT = '后端接口连接异常';
export const TIMEOUT_TEXT = '系统接口请求超时';
export const httpStatusText = (status: number | string) => `系统接口${status}异常`;

/**
 * The title of a "too soon" answer (429: an SMS code asked for again within its minute, too many sign-ins): the
 * person has done nothing wrong and only has to wait the time the text says, so it is no 错误.
 */
export const WAIT_TITLE = '请稍候';

export const LOGIN_EXPIRED_TITLE = '系统提示';
export const LOGIN_EXPIRED_TEXT = '登录状态已过期，您可以继续留在该页面，或者重新登录';
export const LOGIN_EXPIRED_OK = '重新登录';
export const LOGIN_EXPIRED_CANCEL = '取消';
export const LOGIN_EXPIRED_ERROR = '无效的会话，或者会话已过期，请重新登录。';

export const DOWNLOADING_TEXT = '正在下载数据，请稍候';
export const DOWNLOAD_SUCCESS_TEXT = '下载成功';
export const DOWNLOAD_ERROR_TEXT = '下载文件出现错误，请联系管理员！';

export const UPLOAD_TOO_LARGE_TEXT = '图片大小限制 2MB!';
export const UPLOAD_FAILED_TEXT = '上传失败';

export const CHUNK_LOAD_FAILED = 'Loading chunk failed';
export const CSS_CHUNK_LOAD_FAILED = 'Loading CSS chunk failed';

export const FULLSCREEN_UNSUPPORTED_TEXT = '你的浏览器不支持全屏';

/** Default text of a code. */
export function codeMessage(code: number | string): string {
  return CODE_MESSAGES[String(code)] ?? CODE_MESSAGES.default;
}

/** Codes that pass through untouched. */
export const PASS_CODES: ReadonlyArray<number | string> = [200, 'SUCCESS', 4928, 1];
