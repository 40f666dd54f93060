// A labelled text input in the shop's field frame (src/ui/field: hint and error tied to it with
// aria-describedby). Used by the address form and the checkout forms (invoice, 含麻黄碱 receipt).
import { forwardRef, type InputHTMLAttributes } from 'react';
import { Field } from '../../ui/field';

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
  return (
    <Field label={label} required={required} error={error} hint={hint} className={className}>
      {(control) => <input {...rest} {...control} ref={ref} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
});
