import type { FormInstance } from '@site/ui-kit';

/**
 * A 400 naming a field (`{code, msg, field}`): the message is shown beside that field and what the person typed
 * stays. Answers true when the form showed it (the request client has already shown the message as a notice).
 */
export function showServerFieldError(form: FormInstance, err: unknown, known: readonly string[]): boolean {
  const body = (err as { body?: { msg?: unknown; field?: unknown } } | null)?.body;
  const field = typeof body?.field === 'string' ? body.field.split('.')[0] : '';
  if (!field || !known.includes(field) || typeof body?.msg !== 'string') return false;
  form.setFields([{ name: field, errors: [body.msg] }]);
  return true;
}
