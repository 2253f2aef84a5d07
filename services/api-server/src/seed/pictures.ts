/**
 * The seed's pictures (home and channel banners, the about cover, product screens, news scenes): drawn here as SVG
 * and committed as WebP by tools/make-media.ts (`pnpm make-media --only pictures`); the seed copies the WebP files.
 * Why not serve the SVG: a browser lays out and paints an SVG picture on the page's main thread (its CJK text through
 * font fallback: 10-30 ms a picture on a desktop CPU, four times that on a phone) and decodes a WebP off it. With
 * scripts off, the home page's SVG pictures were 60 % of its main-thread work (docs/performance.md).
 */
import type { MediaSpec } from './content.js';
import { coverSvg } from './media.js';
import { sceneSvg, screenSvg } from './screens.js';

export type PictureSpec = MediaSpec & { kind: 'cover' | 'screen' | 'scene' };

export const isPicture = (m: MediaSpec): m is PictureSpec => m.kind === 'cover' || m.kind === 'screen' || m.kind === 'scene';

/** WebP quality the pictures are encoded with (canvas `toDataURL`): text stays sharp at 800 px, 5-23 KB a picture. */
export const PICTURE_QUALITY = 0.8;

/** The drawing a committed picture is made from. */
export function drawPicture(m: PictureSpec): string {
  switch (m.kind) {
    case 'cover':
      return coverSvg(m.title!, m.subtitle!, m.hue!, m.w, m.h, m.motif);
    case 'screen':
      return screenSvg(m.screen!);
    case 'scene':
      return sceneSvg(m.scene!, m.title!, m.hue!);
  }
}
