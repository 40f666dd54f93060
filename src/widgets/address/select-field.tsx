// A labelled <select> with the same look, hint and error wiring as TextField (aria-describedby),
// for the address form's 省/市/区. `options` are plain names (value = label); `placeholder` is the
// empty first option ('请选择省份', or '加载中…' while the lists load).
import { forwardRef, useId, type SelectHTMLAttributes } from 'react';
import styles from './address.module.css';

export interface SelectOption {
  value: string;
  /** Shown instead of the value (e.g. a stored name the lists no longer have). */
  label?: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'children'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder: string;
  error?: string;
  hint?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, value, onChange, options, placeholder, error, hint, required, className, ...rest },
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
      <select
        {...rest}
        ref={ref}
        id={id}
        className={`${styles.input} ${styles.select}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label ?? o.value}
          </option>
        ))}
      </select>
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
