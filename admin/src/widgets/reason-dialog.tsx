// A refusal or cancellation with the reason the buyer will read (2–200 characters): the server
// checks it; the dialog shows its message where it belongs and closes on success.
import { useState } from 'react';
import { Field } from '@ui/field.tsx';
import { REASON_MAX } from '@domain/admin-orders.ts';
import { DialogForm } from './dialog-form.tsx';
import { useFormSubmit } from './use-form-submit.ts';

export interface ReasonDialogProps {
  title: string;
  /** 驳回原因（买家可见） unless given. */
  label?: string;
  /** 驳回 unless given. */
  submitText?: string;
  onSubmit: (reason: string) => Promise<unknown>;
  /** Runs once the request is answered, accepted or not (e.g. reloading the list it changed). */
  after?: () => Promise<unknown>;
  onClose: () => void;
}

export function ReasonDialog({
  title,
  label = '驳回原因（买家可见）',
  submitText = '驳回',
  onSubmit,
  after,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const { errors, setErrors, busy, run } = useFormSubmit('操作失败，请稍后重试');
  const submit = () =>
    run(
      async () => {
        try {
          await onSubmit(reason.trim());
        } finally {
          await after?.();
        }
        onClose();
      },
      // Only the reason is the operator's to fix here; any other refusal is the form's.
      (err) => setErrors(err.fieldErrors.reason ? { reason: err.fieldErrors.reason[0] ?? '' } : { form: err.message }),
    );
  return (
    <DialogForm
      title={title}
      submitText={submitText}
      submitVariant="danger"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={label} required error={errors.reason}>
        {(p) => (
          <textarea
            {...p}
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
          />
        )}
      </Field>
    </DialogForm>
  );
}
