/** Server answers for forms: a 400 `{code, msg, field}` goes beside the field at fault, and the form keeps its values. */
/** The form field a server 400 names (`{code, msg, field}`), when it is one of the form's fields. */
export function fieldOfError(err: unknown, fields: readonly string[]): { name: string; msg: string } | null {
  const body = (err as { body?: { code?: number; msg?: string; field?: string } } | null)?.body;
  if (!body || body.code !== 400 || !body.field || !body.msg) return null;
  const name = body.field.split('.')[0];
  return fields.includes(name) ? { name, msg: body.msg } : null;
}
