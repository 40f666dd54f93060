// 订单备注: free text for the warehouse or the salesperson, at most REMARK_MAX characters.
import { useId } from 'react';
import styles from './checkout.module.css';

export const REMARK_MAX = 200;
export const REMARK_TOO_LONG = `订单备注最多${REMARK_MAX}个字`;

export interface RemarkFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  showErrors?: boolean;
}

export function RemarkField({ value, onChange, disabled = false, showErrors = false }: RemarkFieldProps) {
  const id = useId();
  const length = [...value.trim()].length;
  const tooLong = length > REMARK_MAX;
  const error = showErrors && tooLong ? REMARK_TOO_LONG : undefined;
  return (
    <section className={styles.section}>
      <label htmlFor={id} className={styles.sectionTitle}>
        订单备注
      </label>
      <textarea
        id={id}
        className={styles.remark}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        rows={3}
        placeholder="选填，如送货时间、开票要求等"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-count`} className={tooLong ? styles.countOver : styles.count}>
        {length}/{REMARK_MAX}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </section>
  );
}
