import type { FormInstance } from '@site/antd-kit';

/**
 * Shows a server's 400 answer `{msg, field}` beside that field of the form (the HTTP client has already shown the
 * message as a notice). The form keeps what was typed. True when the answer named a field the form shows.
 *
 * `known`: the form's top-level fields. With it, a dotted path (`roles.0`) goes on its first segment and a field the
 * form does not have is left to the notice; without it, the dotted path names a nested field (`items.0.title`).
 */
export function showServerFieldError(form: FormInstance, error: unknown, known?: readonly string[]): boolean {
  const body = (error as { body?: { field?: unknown; msg?: unknown } } | null)?.body;
  if (typeof body?.field !== 'string' || !body.field || typeof body.msg !== 'string') return false;
  const path = body.field.split('.');
  if (known) {
    if (!known.includes(path[0])) return false;
    form.setFields([{ name: path[0], errors: [body.msg] }]);
    return true;
  }
  form.setFields([{ name: path, errors: [body.msg] }]);
  return true;
}
