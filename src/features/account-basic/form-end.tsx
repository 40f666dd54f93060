// The end of the account page's forms (基本信息, 修改密码): the form's own message when there is
// one, then the submit button, disabled while the change is being sent.
import { buttonClass } from '../../ui/button';
import styles from './basic-page.module.css';

interface Props {
  /** The form's message not tied to a field (null: none). */
  message: string | null;
  pending: boolean;
  text: string;
  pendingText: string;
}

export function FormEnd({ message, pending, text, pendingText }: Props) {
  return (
    <>
      {message && (
        <p className={styles.formError} role="alert">
          {message}
        </p>
      )}
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={pending}>
          {pending ? pendingText : text}
        </button>
      </div>
    </>
  );
}
