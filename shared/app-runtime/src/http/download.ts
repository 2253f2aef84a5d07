import { http, type RequestConfig } from './client';
import { DOWNLOADING_TEXT, DOWNLOAD_ERROR_TEXT, DOWNLOAD_SUCCESS_TEXT, codeMessage } from './messages';
import { notify } from './notify';

const DOWNLOAD_KEY = 'site-download';

function fileNameFrom(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Generic POST download: form-encoded data, a blob back. A persistent notice stays until it ends;
 * a JSON body instead of a file shows the server's message (ERR-11).
 */
export async function download(
  url: string,
  params: Record<string, string | number>,
  fileName?: string,
  config: RequestConfig = {},
): Promise<boolean> {
  notify.info(DOWNLOADING_TEXT, { key: DOWNLOAD_KEY, duration: 0 });
  try {
    const response = await http.post(url, new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])), {
      ...config,
      responseType: 'blob',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const blob = response.data as Blob;
    if (blob.type.includes('application/json')) {
      const body = JSON.parse(await blob.text()) as { code?: number; msg?: string };
      notify.error(body.msg || codeMessage(body.code ?? 'default'));
      return false;
    }
    saveBlob(blob, fileNameFrom(response.headers['content-disposition'] as string | undefined, fileName ?? 'download'));
    notify.success(DOWNLOAD_SUCCESS_TEXT);
    return true;
  } catch (e) {
    const body = (e as { response?: { data?: unknown } }).response?.data;
    if (body instanceof Blob && body.type.includes('application/json')) {
      try {
        const parsed = JSON.parse(await body.text()) as { msg?: string };
        notify.error(parsed.msg || DOWNLOAD_ERROR_TEXT);
        return false;
      } catch {
        /* fall through */
      }
    }
    notify.error(DOWNLOAD_ERROR_TEXT);
    return false;
  } finally {
    notify.close(DOWNLOAD_KEY);
  }
}
