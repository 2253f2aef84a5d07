import { htmlToText } from '@site/contract';

/**
 * What the head of a detail page may add without repeating the body: an editor often puts the cover image, the
 * summary or the feature list into the article text too, and the page then showed them twice.
 */

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The file part of an image url, so `/files/a.svg` and `https://x/files/a.svg?v=1` are the same picture. */
function imageKey(url: string): string {
  return url.split(/[?#]/)[0].replace(/^https?:\/\/[^/]+/i, '');
}

/** True when the body already shows this image. */
export function bodyHasImage(html: string, image: string): boolean {
  const key = imageKey(image);
  if (!key) return false;
  for (const m of html.matchAll(/<img\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)) {
    if (imageKey(m[1]) === key) return true;
  }
  return false;
}

export interface HeroParts {
  image: boolean;
  subtitle: boolean;
  description: boolean;
}

/** Which of the cover image, subtitle and summary the head shows: each only when present and not in the body. */
export function heroParts(a: { image: string | null; subtitle: string | null; description: string | null; text: string }): HeroParts {
  const text = htmlToText(a.text);
  const notInBody = (s: string | null) => !!s && !!squash(s) && !text.includes(squash(s));
  return { image: !!a.image && !bodyHasImage(a.text, a.image), subtitle: notInBody(a.subtitle), description: notInBody(a.description) };
}

/** True when the body already names every one of these feature titles (the separate list would repeat it). */
export function bodyListsAll(html: string, titles: readonly string[]): boolean {
  if (titles.length === 0) return false;
  const text = htmlToText(html);
  return titles.every((t) => text.includes(squash(t)));
}
