/** Length where characters outside the basic (ASCII) range count 2 and basic ones 1. */
export function textLength(text: string | null | undefined): number {
  if (!text) return 0;
  let len = 0;
  for (const ch of text) len += ch.charCodeAt(0) > 0xff ? 2 : 1;
  return len;
}

/** Cut text to at most `max` by the textLength measure, adding `ellipsis` when something was cut. */
export function truncateText(text: string | null | undefined, max: number, ellipsis = '…'): string {
  if (!text) return '';
  if (textLength(text) <= max) return text;
  let len = 0;
  let out = '';
  for (const ch of text) {
    const w = ch.charCodeAt(0) > 0xff ? 2 : 1;
    if (len + w > max) break;
    len += w;
    out += ch;
  }
  return out + ellipsis;
}
