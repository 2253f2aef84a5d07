import { useEffect, useState } from 'react';
import { getWxLoginEnabled } from '@site/api-client';

/** Whether the messaging-app sign-in can start: still asking the server, open, or not open on this server. */
export type WxLoginState = 'checking' | 'open' | 'closed';

/** Text shown instead of a redirect that could only fail (no app id configured, stand-in off). */
export const WX_LOGIN_CLOSED_TEXT = '微信登录暂未开通';

/**
 * Asks the server (sys.account.wxLogin) once. Anything but 'true', including a failed call, counts as closed: a
 * redirect to an authorisation the server cannot complete would strand the visitor on an error page.
 */
export function useWxLogin(): WxLoginState {
  const [state, setState] = useState<WxLoginState>('checking');
  useEffect(() => {
    let live = true;
    getWxLoginEnabled().then(
      (open) => live && setState(open ? 'open' : 'closed'),
      () => live && setState('closed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
