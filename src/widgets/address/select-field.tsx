// A labelled <select> in the shop's field frame (src/ui/field), like TextField, for the address
// form's 省/市/区. `options` are plain names (value = label); `placeholder` is the
// empty first option ('请选择省份', or '加载中…' while the lists load).
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { Field } from '../../ui/field';
import styles from './address.module.css';

export interface SelectOption {
  value: string;
  /** Shown instead of the value (e.g. a stored name the lists no longer have). */
  label?: string;
}

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'onChange' | 'value' | 'children'
> {
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
  return (
    <Field
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={className}
      controlClassName={styles.select}
    >
      {(control) => (
        <select {...rest} {...control} ref={ref} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label ?? o.value}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
});
