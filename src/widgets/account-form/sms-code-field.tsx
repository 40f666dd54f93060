// 短信验证码 with its 获取验证码 button beside it: registration, password recovery and the account
// page's phone and password changes all ask for a code the same way. The caller says what sending
// means (which purpose, which phone), what the hint reads and where a refusal shows.
import type { Ref } from 'react';
import { TextField } from '../address/text-field';
import { SmsCodeButton, type SmsCodeButtonProps } from './sms-code-button';
import styles from './account-form.module.css';

export interface SmsCodeFieldProps extends SmsCodeButtonProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra class on the row (its place in the caller's grid). */
  className?: string;
}

export function SmsCodeField({ value, onChange, error, hint, inputRef, className, ...button }: SmsCodeFieldProps) {
  return (
    <div className={className ? `${styles.codeRow} ${className}` : styles.codeRow}>
      <TextField
        ref={inputRef}
        label="短信验证码"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        hint={hint}
        value={value}
        onChange={onChange}
        error={error}
      />
      <SmsCodeButton {...button} />
    </div>
  );
}
