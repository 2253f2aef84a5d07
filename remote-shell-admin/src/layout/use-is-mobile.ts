import { useSyncExternalStore } from 'react';
import { MOBILE_WIDTH } from '@site/contract';

/** CONST-1: the shell's mobile layout (a drawer menu) applies below 550 px, the spec's threshold (not antd's md). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_WIDTH - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const snapshot = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(MOBILE_QUERY).matches : false);

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
