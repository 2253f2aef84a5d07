/** Dev-only helpers, `/dev/*` (404 when NODE_ENV=production): `services/api-server/src/routes/dev.ts`. */

import type { RData } from './common';

/**
 * `GET /dev/sms-outbox?phone=[&purpose=]`: the latest code sent to a phone, or with `purpose=reply` the latest
 * answer to a message (code '').
 */
export type DevSmsOutboxResponse = RData<{ phone: string; code: string; content: string; purpose: string; createdAt: string }>;

/** `GET /dev/captcha/{uuid}`: the answer of a captcha. */
export type DevCaptchaResponse = RData<{ answer: string }>;
