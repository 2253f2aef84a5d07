import { checkImageSize, uploadAvatar } from '@site/api-client';
import { notify, UPLOAD_FAILED_TEXT } from '@site/app-runtime';

/** UPLOAD-1: a file over 2 MB is refused before it is sent, with 图片大小限制 2MB! (shown by checkImageSize). */
export function acceptAvatar(file: { size: number }): boolean {
  return checkImageSize(file);
}

/** The text shown for a failed upload (UPLOAD-2): 上传失败 plus the server's message. */
export function uploadFailedText(msg?: string | null): string {
  return `${UPLOAD_FAILED_TEXT} ${msg ?? ''}`.trim();
}

/** Send the avatar; answers its new url, or null after telling the user why it failed. */
export async function sendAvatar(file: File | Blob): Promise<string | null> {
  try {
    const res = await uploadAvatar(file);
    if (res.code !== 200) {
      notify.error(uploadFailedText(res.msg));
      return null;
    }
    return res.imgUrl;
  } catch {
    // Network, server or sign-in failures: the shared client has already said why (one message, not two).
    return null;
  }
}
