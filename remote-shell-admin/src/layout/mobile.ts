import { useSyncExternalStore } from 'react';
import { MOBILE_WIDTH } from '@site/contract';

/** CONST-1: the shell's mobile layout (a drawer menu, no labels beside the header icons) at 550 px and narrower. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_WIDTH}px)`;

/** The same rule for a known width. */
export const isMobileWidth = (width: number) => width <= MOBILE_WIDTH;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia(MOBILE_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  if (typeof window === 'undefined') return false;
  return window.matchMedia ? window.matchMedia(MOBILE_QUERY).matches : isMobileWidth(window.innerWidth);
}

/** Whether the shell is in its mobile layout now (follows the window's width). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
