import { DESIGN_WIDTH, ROOT_FONT_SIZE } from '@site/contract';

/** Root font size (SPEC section 9): 16px at 750 px and wider, otherwise width / 750 * 16. */
export function rootFontSize(width: number): string {
  if (width >= DESIGN_WIDTH) return `${ROOT_FONT_SIZE}px`;
  return `${(width / DESIGN_WIDTH) * ROOT_FONT_SIZE}px`;
}

/** Apply now and on every resize. */
export function keepRootFontSize(win: Window = window): () => void {
  const apply = () => {
    win.document.documentElement.style.fontSize = rootFontSize(win.innerWidth);
  };
  apply();
  win.addEventListener('resize', apply);
  return () => win.removeEventListener('resize', apply);
}
