import { useState } from 'react';
import { App, type FormInstance } from '@site/antd-kit';
import { showServerFieldError } from './server-field-error';

/**
 * The 保存 of an edit form outside a FormDialog (a block item card, the channel drawer): sends the values through
 * `request`, says `done` and runs `after`; a refusal naming a field is shown on that field, and the form keeps
 * what was typed. `saving` is true while the request runs.
 */
export function useFormSave<V>(form: FormInstance, request: (values: V) => Promise<unknown>, done: string, after: () => void) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const save = async (values: V) => {
    setSaving(true);
    try {
      await request(values);
      void message.success(done);
      after();
    } catch (e) {
      showServerFieldError(form, e);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
