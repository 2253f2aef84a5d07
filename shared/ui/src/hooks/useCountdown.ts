import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds between two SMS codes (every form that sends one waits the same). */
export const SMS_RESEND_SECONDS = 60;

/** A seconds countdown: `start()` sets it to `seconds` and it ticks to 0 once a second. */
export function useCountdown(seconds = SMS_RESEND_SECONDS) {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stop = useCallback(() => {
    if (timer.current !== undefined) clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  /** From `from` seconds (default: the hook's own), e.g. the wait a refused request was told. */
  const start = useCallback(
    (from: number = seconds) => {
      stop();
      setLeft(from);
      timer.current = setInterval(() => {
        setLeft((n) => {
          if (n <= 1) {
            stop();
            return 0;
          }
          return n - 1;
        });
      }, 1000);
    },
    [seconds, stop],
  );

  useEffect(() => stop, [stop]);
  return { left, running: left > 0, start };
}
