import type { ArticleCustoms } from '@site/contract';

export interface Stat {
  label: string;
  value: string;
}

/** Key figures an about article may carry in customs.stats (`[{label, value}]`); malformed entries are skipped. */
export function readStats(customs: ArticleCustoms | null | undefined): Stat[] {
  const raw = customs?.stats;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((s): s is { label: unknown; value: unknown } => !!s && typeof s === 'object')
    .filter((s) => typeof s.label === 'string' && (typeof s.value === 'string' || typeof s.value === 'number'))
    .map((s) => ({ label: s.label as string, value: String(s.value) }));
}
