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
  await db
    .insert(wxOauthCode)
    .values({ code, openid: identity.openid, nickname: identity.nickname, expiresAt: new Date(Date.now() + WX_CODE_TTL_MS) });
  return code;
}

/**
 * The real platform (WX_APP_ID + WX_APP_SECRET): the code is exchanged at api.weixin.qq.com for the openid, then
 * the nickname is read (scope snsapi_userinfo). Any failure of the platform is an invalid code for the caller.
 */
export function weixinProvider(appId: string, secret: string, api = 'https://api.weixin.qq.com'): WxProvider {
  const getJson = async (url: string) => {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    return (await res.json()) as Record<string, unknown>;
  };
  return {
    async exchangeCode(code) {
      try {
        const q = new URLSearchParams({ appid: appId, secret, code, grant_type: 'authorization_code' });
        const tok = await getJson(`${api}/sns/oauth2/access_token?${q}`);
        if (typeof tok.openid !== 'string' || typeof tok.access_token !== 'string') return null;
        const info = await getJson(
          `${api}/sns/userinfo?${new URLSearchParams({ access_token: tok.access_token, openid: tok.openid, lang: 'zh_CN' })}`,
        );
        const nickname = typeof info.nickname === 'string' && info.nickname.trim() ? info.nickname.trim() : '微信用户';
        return { openid: tok.openid, nickname };
      } catch {
        return null;
      }
    },
  };
}
