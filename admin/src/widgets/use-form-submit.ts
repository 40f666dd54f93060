// A console form's submit cycle: busy while the request runs, then either done or the server's
// refusal shown where it belongs — its field messages under the fields (keyed by the server's
// paths, e.g. `goods.0.price`), otherwise its message as the form's own error (`form`). Anything
// that is not the server's answer (the page's own bug, a thrown network error) gets `fallback`.
import { useState } from 'react';
import { ConsoleApiError } from '../api/client.ts';

export type FormErrors = Record<string, string>;

/** The server's refusal as one message per field, or as the form's message when it names none. */
export function formErrorsOf(err: ConsoleApiError): FormErrors {
  const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
  return Object.keys(fields).length > 0 ? fields : { form: err.message };
}

export function useFormSubmit(fallback: string) {
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  /** Runs `action`; on the server's refusal `onRefused` runs after its messages are shown. */
  const run = async (action: () => Promise<void>, onRefused?: (err: ConsoleApiError) => Promise<void> | void) => {
    setBusy(true);
    setErrors({});
    try {
      await action();
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        setErrors(formErrorsOf(err));
        await onRefused?.(err);
      } else setErrors({ form: fallback });
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, run };
}
