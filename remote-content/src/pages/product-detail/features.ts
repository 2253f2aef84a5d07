import type { ArticleCustoms } from '@site/contract';

export interface Feature {
  title: string;
  description?: string;
}

/**
 * The product's features from its free-form customs: `features` may hold `{title, description}` objects
 * or plain strings; anything else is ignored.
 */
export function readFeatures(customs: ArticleCustoms | null | undefined): Feature[] {
  const raw = customs?.features;
  if (!Array.isArray(raw)) return [];
  const out: Feature[] = [];
  for (const f of raw) {
    if (typeof f === 'string' && f.trim()) out.push({ title: f.trim() });
    else if (f && typeof f === 'object' && typeof (f as Feature).title === 'string') {
      const { title, description } = f as Feature;
      out.push({ title, description: typeof description === 'string' ? description : undefined });
    }
  }
  return out;
}
