// A console form in the shop's dialog: the title, the caller's fields, the form's own error line,
// then 取消 and the submit button (disabled while busy). Closing any way calls onClose. Pages
// bring only their fields and what submitting does (useFormSubmit runs it).
import type { ReactNode } from 'react';
import { Dialog, DialogActions, DialogClose } from '@ui/dialog.tsx';
import { buttonClass } from '@ui/button.ts';
import { AlertLine } from './alert-line.tsx';
import styles from './dialog-form.module.css';

export interface DialogFormProps {
  title: ReactNode;
  /** Widest the card gets, in px (the shop's dialog decides when not given). */
  widthPx?: number;
  submitText: ReactNode;
  /** `danger` for a refusal or cancellation the buyer will read. */
  submitVariant?: 'primary' | 'danger';
  busy: boolean;
  /** The form's own error (not tied to a field). */
  error?: ReactNode;
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
  /** Extra class on the form (its own field layout). */
  className?: string;
  children: ReactNode;
}

export function DialogForm({
  title,
  widthPx,
  submitText,
  submitVariant = 'primary',
  busy,
  error,
  onSubmit,
  onClose,
  className,
  children,
}: DialogFormProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} closeLabel="关闭" widthPx={widthPx}>
      <form
        className={className ? `${styles.form} ${className}` : styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        noValidate
      >
        {children}
        <AlertLine message={error} />
        <DialogActions>
          <DialogClose className={buttonClass('outline')}>取消</DialogClose>
          <button type="submit" className={buttonClass(submitVariant)} disabled={busy}>
            {submitText}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
