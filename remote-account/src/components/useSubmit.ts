import { useState } from 'react';

/**
 * A phone form's 提交 (SMS sign-in, registration, password reset): runs `request` with the button spinning. A refusal
 * was already shown by the shared client (e.g. 该手机号已注册), so it is not shown again, and what was typed stays.
 */
export function useSubmit<V>(request: (values: V) => Promise<void>) {
  const [submitting, setSubmitting] = useState(false);
  async function submit(values: V) {
    setSubmitting(true);
    try {
      await request(values);
    } catch {
      /* the client showed the server's message; the input stays */
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, submit };
}
