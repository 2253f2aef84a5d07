import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha } from '@site/api-client';

export type CaptchaState = { status: 'loading' } | { status: 'failed' } | { status: 'disabled' } | { status: 'ready'; uuid: string; src: string };

/** The message board's captcha (single use): load on mount, `refresh()` after every submit or on click. */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({ status: 'loading' });
  const latest = useRef(0);
  // Only the latest request's answer is applied (a click while one loads starts another).
  const fetchCaptcha = useCallback(() => {
    const ticket = ++latest.current;
    getCaptcha().then(
      (c) => {
        if (ticket !== latest.current) return;
        if (c.captchaEnabled === false) setState({ status: 'disabled' });
        else setState({ status: 'ready', uuid: c.uuid, src: `data:image/svg+xml;base64,${c.img}` });
      },
      () => ticket === latest.current && setState({ status: 'failed' }),
    );
  }, []);
  const refresh = useCallback(() => {
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    fetchCaptcha();
  }, [fetchCaptcha]);
  // The first state is already 'loading': mounting only fetches.
  useEffect(fetchCaptcha, [fetchCaptcha]);
  return { captcha: state, refresh };
}
