import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha } from '@site/api-client';

export interface Captcha {
  uuid: string;
  /** data: URL of the SVG image. */
  src: string;
}

/**
 * The image captcha of `GET /captchaImage` for one form (the staff login, the register code): loaded on mount when
 * `active`; single use, so the form calls `refresh()` after every answer that used it (and a click on the image does).
 * `captcha` is null while loading or when it could not be loaded (notified by the shared client; a click tries again);
 * `enabled` turns false when the server answers `captchaEnabled: false`, and the form then shows no captcha field.
 */
export function useCaptcha(active = true) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [enabled, setEnabled] = useState(true);
  // Only the latest request's answer is applied (a click while one loads starts another).
  const latest = useRef(0);

  const refresh = useCallback((): Promise<void> => {
    const ticket = ++latest.current;
    return getCaptcha().then(
      (c) => {
        if (ticket !== latest.current) return;
        setEnabled(c.captchaEnabled);
        setCaptcha(c.captchaEnabled ? { uuid: c.uuid, src: `data:image/svg+xml;base64,${c.img}` } : null);
      },
      () => {
        if (ticket === latest.current) setCaptcha(null);
      },
    );
  }, []);

  useEffect(() => {
    if (active) void refresh();
  }, [active, refresh]);

  return { captcha, enabled: active && enabled, refresh };
}
