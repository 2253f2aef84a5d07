/** Dictionaries, configuration and uploads (`/system/dict`, `/system/config`, `/common/upload`): `services/api-server/src/routes/system.ts`; `GET /health`: `services/api-server/src/app.ts`. */

import type { R, RData } from './common';

/** `GET /system/dict/data/type/{type}` item. */
export interface DictData {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  listClass: string;
  cssClass: string;
  /** 'Y' | 'N' */
  isDefault: string;
  /** '0' normal */
  status: string;
}

export type DictDataResponse = RData<DictData[]>;

/** `GET /system/config/configKey/{key}`: `data` is the value string ('' for an unknown key, like RuoYi). */
export type ConfigResponse = RData<string>;

/** `POST /common/upload` (multipart field `file`, bearer token). */
export interface UploadResponse extends R {
  url: string;
  fileName: string;
  /** Stored file name. */
  newFileName?: string;
  originalFilename?: string;
}

/** `GET /health`. */
export interface HealthResponse {
  status: 'ok';
  db: 'pglite' | 'postgres';
}
