import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { getCaptcha } from '@site/api-client';

export type CaptchaState = { status: 'loading' } | { status: 'failed' } | { status: 'disabled' } | { status: 'ready'; uuid: string; src: string };

/**
 * How far outside the screen the captcha may be when it is asked for: the answer (one small request) is in before
 * the visitor, who fills five fields above it first, gets there.
 */
export const CAPTCHA_NEAR_MARGIN = '200px 0px';

/**
 * The message board's captcha (single use): asked for once its row (`near`) comes within CAPTCHA_NEAR_MARGIN of the
 * screen, then `refresh()` after every submit or on click. Not on mount: on a phone the form starts at the bottom of
 * the first screen with the captcha below it, and the request brings the site's HTTP client (an evaluation of about
 * 20 ms on a fast machine) into the page's start; a visitor who never gets to the form leaves no captcha behind on
 * the server either.
 */
export function useCaptcha(near: RefObject<Element | null>) {
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
  // The first state is already 'loading': coming near only fetches. Without IntersectionObserver, at once.
  useEffect(() => {
    const form = near.current;
    if (!form || typeof IntersectionObserver === 'undefined') return fetchCaptcha();
    const watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        watch.disconnect();
        fetchCaptcha();
      },
      { rootMargin: CAPTCHA_NEAR_MARGIN },
    );
    watch.observe(form);
    return () => watch.disconnect();
  }, [fetchCaptcha, near]);
  return { captcha: state, refresh };
}
