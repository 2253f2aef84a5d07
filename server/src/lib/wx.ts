/**
 * Messaging-app (WeChat) OAuth provider. The default is a local provider: the server's own consent page
 * issues single-use codes stored in the database. A real provider exchanges the code with the platform
 * (e.g. https://api.weixin.qq.com/sns/oauth2/access_token) — plug one in with buildServer({ wxProvider }).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/index.js';
import { wxOauthCode } from '../db/schema.js';

export interface WxIdentity {
  openid: string;
  nickname: string;
}

export interface WxProvider {
  /** Exchanges an authorisation code for the user's identity, or null when the code is invalid. */
  exchangeCode(code: string): Promise<WxIdentity | null>;
}

export const WX_CODE_TTL_MS = 5 * 60 * 1000;

export function localWxProvider(db: Db): WxProvider {
  return {
    async exchangeCode(code) {
      const [row] = await rows<{ openid: string; nickname: string }>(
        db,
        sql`UPDATE wx_oauth_code SET used = true WHERE code = ${code} AND used = false AND expires_at > now() RETURNING openid, nickname`,
      );
      return row ?? null;
    },
  };
}

/** Issues a code on the local consent page. */
export async function issueLocalCode(db: Db, identity: WxIdentity): Promise<string> {
  const code = crypto.randomBytes(16).toString('hex');
  await db.insert(wxOauthCode).values({ code, openid: identity.openid, nickname: identity.nickname, expiresAt: new Date(Date.now() + WX_CODE_TTL_MS) });
  return code;
}
