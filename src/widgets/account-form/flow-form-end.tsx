// The end of a registration or recovery form: the form's own error line (kept in place, empty,
// so the button does not jump when a message appears) and the one large submit button, disabled
// while sending and once it succeeded (the page moves on).
import type { ReactNode } from 'react';
import { buttonClass } from '../../ui/button';
import styles from './account-form.module.css';

interface Props {
  /** The form's message not tied to a field. */
  message: ReactNode;
  pending: boolean;
  done?: boolean;
  text: string;
  pendingText: string;
}

export function FlowFormEnd({ message, pending, done = false, text, pendingText }: Props) {
  return (
    <>
      <p className={styles.formError} role="alert">
        {message}
      </p>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass('primary', { size: 'lg' })} disabled={pending || done}>
          {pending ? pendingText : text}
        </button>
      </div>
    </>
  );
}
