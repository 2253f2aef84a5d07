import { request } from '../http/client';
import type { GetInfoResponse, R } from '@site/contract';

// The two calls the session itself makes live beside it: the one runtime instance must not depend on @site/api-client,
// which each app bundles in its own version.
/** GET /getInfo */
export const getInfo = () => request.get<GetInfoResponse>('/getInfo');
/**
 * DELETE /logout with the given token (the local copy is already gone when this runs). The answer is taken as it
 * comes: a token the server no longer knows is signed out all the same, not a "login expired" notice.
 */
export const logoutCall = (token: string) =>
  request.delete<R>('/logout', { isToken: false, rawAnswer: true, headers: { Authorization: `Bearer ${token}` } });
