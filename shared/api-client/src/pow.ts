/**
 * The proof of work the server asks before an SMS code and after a refused sign-in from the address (the API's
 * lib/pow.ts): a challenge from `GET /api/pow`, solved here with altcha-lib and WebCrypto's PBKDF2 (about a second
 * of a person's wait; loaded on the first code asked for, never on a public page). It runs on the page's thread:
 * each try is one asynchronous `deriveBits`, which the browser computes off the main thread, so the page stays
 * responsive; a Worker would have to come from the page's own origin, and the remotes that ask are on their own.
 */
import { request } from '@site/app-runtime';
import type { PowPurpose, PowResponse } from '@site/contract';

/** GET /api/pow?for=sms|login: a challenge, or null when none is needed now. */
export const getPow = (purpose: PowPurpose) => request.get<PowResponse>('/api/pow', { params: { for: purpose }, isToken: false });

/** Shown when a challenge could not be solved (it expires after five minutes). */
export const POW_UNSOLVED = '安全验证未完成，请重试';

/** The `pow` a call carries: base64 of `{ challenge, solution }`; undefined when the server needs none now. */
export async function solvedPow(purpose: PowPurpose): Promise<string | undefined> {
  const { challenge } = await getPow(purpose);
  if (!challenge) return undefined;
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error(POW_UNSOLVED);
  // JSON of hex, base64 and numbers only: plain ASCII, as btoa takes it.
  return btoa(JSON.stringify({ challenge, solution }));
}
