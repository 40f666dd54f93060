// A labelled text input whose hint and error are tied to it with aria-describedby, so a screen
// reader reads "手机号码, 请输入正确的手机号码…" on focus. Used by the address form and the checkout
// forms (invoice, 含麻黄碱 receipt); move it up to src/ui/ when a third area needs it.
import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import styles from './address.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onChange, error, hint, required, className, ...rest },
  ref,
) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
        {label}
      </label>
      <input
        {...rest}
        ref={ref}
        id={id}
        className={styles.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
});
