import { UPLOAD_MAX_BYTES, type UploadResponse } from '@site/contract';
import { UPLOAD_FAILED_TEXT, UPLOAD_TOO_LARGE_TEXT, notify } from '@site/app-runtime';
import { uploadFile } from './system';

/** Image upload is limited to 2 MB (UPLOAD-1): false, with the spec's message, when it is larger. */
export function checkImageSize(file: { size: number }): boolean {
  if (file.size > UPLOAD_MAX_BYTES) {
    notify.error(UPLOAD_TOO_LARGE_TEXT);
    return false;
  }
  return true;
}

/** Upload an image to /common/upload; a code other than 200 shows 上传失败 plus the server message (UPLOAD-2). */
export async function uploadImage(file: File | Blob): Promise<UploadResponse | null> {
  if (!checkImageSize(file)) return null;
  try {
    const res = await uploadFile(file);
    if (res.code !== 200) {
      notify.error(`${UPLOAD_FAILED_TEXT} ${res.msg ?? ''}`.trim());
      return null;
    }
    return res;
  } catch {
    // Network, server or sign-in failures: the shared client has already said why (one message, not two).
    return null;
  }
}
