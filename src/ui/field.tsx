// The frame of a form field: the label (with * when required), the control, a hint and an error
// tied to the control with aria-describedby, so a screen reader reads "手机号码, 请输入正确的手机号码…"
// on focus. The caller renders the control with the props it is given (id, aria-*, the class).
import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

export interface FieldControlProps {
  id: string;
  className: string;
  required?: boolean;
  'aria-required'?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  /** Extra class on the control (e.g. the select's arrow). */
  controlClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, required, error, hint, className, controlClassName, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id,
    className: controlClassName ? `${styles.control} ${controlClassName}` : styles.control,
    required,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
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
      {children(control)}
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
}
