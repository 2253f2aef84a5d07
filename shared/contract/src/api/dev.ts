/** Dev-only helpers, `/dev/*` (404 when NODE_ENV=production): `services/api-server/src/routes/dev.ts`. */

import type { RData } from './common';

/** `GET /dev/sms-outbox?phone=`: the latest code sent to a phone. */
export type DevSmsOutboxResponse = RData<{ phone: string; code: string; createdAt: string }>;

/** `GET /dev/captcha/{uuid}`: the answer of a captcha. */
export type DevCaptchaResponse = RData<{ answer: string }>;
