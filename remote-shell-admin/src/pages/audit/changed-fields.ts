/** What changed in a before/after pair of the audit trail, by field name. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const ignore = new Set(['version', 'updatedAt', 'updatedBy']);
  return Object.keys(a).filter((k) => !ignore.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}
