/** One field of an audited row: its value before and after the write, and whether the write changed it. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A value as one line a person reads: text as it is, nothing as empty, anything else as JSON. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/**
 * The fields of the row before and after, side by side (fields of either side, in the order they first appear).
 * An add has no before, a delete no after; several rows (a bulk delete) are shown one line per row.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = isRecord(before) ? before : null;
  const a = isRecord(after) ? after : null;
  if ((before !== null && before !== undefined && !b) || (after !== null && after !== undefined && !a)) {
    const list = (v: unknown) => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);
    const bs = list(before);
    const as = list(after);
    return Array.from({ length: Math.max(bs.length, as.length) }, (_, i) => {
      const x = showValue(bs[i]);
      const y = showValue(as[i]);
      return { field: `#${i + 1}`, before: x, after: y, changed: x !== y };
    });
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys.map((field) => {
    const x = b ? showValue(b[field]) : '';
    const y = a ? showValue(a[field]) : '';
    return { field, before: x, after: y, changed: JSON.stringify(b?.[field]) !== JSON.stringify(a?.[field]) };
  });
}
