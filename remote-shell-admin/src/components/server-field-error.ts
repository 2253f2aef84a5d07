import type { FormInstance } from '@site/ui-kit';
import { ApiError } from '@site/runtime';

/**
 * Shows a server's 400 answer `{msg, field}` beside that field of the form (the HTTP client has already shown the
 * message as a notice). The form keeps what was typed. True when the answer named a field.
 */
export function showServerFieldError(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const body = error.body as { field?: unknown; msg?: unknown } | undefined;
  if (typeof body?.field !== 'string' || !body.field) return false;
  const name = body.field.split('.');
  form.setFields([{ name, errors: [String(body.msg ?? error.message)] }]);
  return true;
}
