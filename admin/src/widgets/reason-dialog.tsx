// A refusal or cancellation with the reason the buyer will read (2–200 characters): the server
// checks it; the dialog shows its message where it belongs and closes on success.
import { useState, type FormEvent } from 'react';
import { ConsoleApiError } from '../api/client.ts';
import { Dialog, DialogActions, DialogClose } from '@ui/dialog.tsx';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { REASON_MAX } from '@domain/admin-orders.ts';
import styles from './reason-dialog.module.css';

export interface ReasonDialogProps {
  title: string;
  label: string;
  submitText: string;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

export function ReasonDialog({ title, label, submitText, onSubmit, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError({});
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch (err) {
      if (err instanceof ConsoleApiError) setError(err.fieldErrors.reason ? { field: err.fieldErrors.reason[0] } : { form: err.message });
      else setError({ form: '操作失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} closeLabel="关闭">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field label={label} required error={error.field}>
          {(p) => <textarea {...p} name="reason" rows={3} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />}
        </Field>
        {error.form && (
          <p role="alert" className={styles.error}>
            {error.form}
          </p>
        )}
        <DialogActions>
          <DialogClose className={buttonClass('outline')}>取消</DialogClose>
          <button type="submit" className={buttonClass('danger')} disabled={busy}>
            {submitText}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
