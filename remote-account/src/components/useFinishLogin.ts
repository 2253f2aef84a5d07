import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { completeLogin } from '@site/app-runtime';
import { afterLoginTarget } from '@site/ui';

/**
 * What every login form does with the token it got: store it, load the user, announce `login`
 * (completeLogin), then go to the safe `?redirect=` page or /index.
 */
export function useFinishLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(
    async (token: string) => {
      await completeLogin(token);
      navigate(afterLoginTarget(redirect), { replace: true });
    },
    [navigate, redirect],
  );
}

/** The message of a failed call (ApiError carries the server's Chinese msg). */
export function errorText(e: unknown, fallback: string): string {
  return e instanceof Error && e.message ? e.message : fallback;
}
