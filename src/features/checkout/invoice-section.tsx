// 发票: none, an electronic 普通发票 or a 增值税专用发票, with the company's title prefilled.
import { useId } from 'react';
import type { InvoiceRequest } from '../../domain/orders';
import { TextField } from '../../widgets/address/text-field';
import { INVOICE_KIND_TEXT, INVOICE_TITLE_MAX, type InvoiceErrors } from './invoice-rules';
import styles from './checkout.module.css';

const KINDS: InvoiceRequest['kind'][] = ['none', 'normal', 'special'];

export interface InvoiceSectionProps {
  value: InvoiceRequest;
  onChange: (next: InvoiceRequest) => void;
  errors: InvoiceErrors;
  disabled?: boolean;
}

export function InvoiceSection({ value, onChange, errors, disabled = false }: InvoiceSectionProps) {
  const name = useId();
  const set = (field: 'title' | 'tax_no' | 'email') => (v: string) => onChange({ ...value, [field]: v });
  return (
    <fieldset className={styles.section} disabled={disabled}>
      <legend className={styles.sectionTitle}>发票</legend>
      <div className={styles.choices}>
        {KINDS.map((kind) => (
          <label key={kind} className={styles.choice} data-checked={value.kind === kind || undefined}>
            <input
              type="radio"
              name={name}
              checked={value.kind === kind}
              onChange={() => onChange({ ...value, kind })}
            />
            {INVOICE_KIND_TEXT[kind]}
          </label>
        ))}
      </div>
      {value.kind !== 'none' && (
        <div className={styles.invoiceFields}>
          <TextField
            label="发票抬头"
            required
            value={value.title}
            onChange={set('title')}
            error={errors.title}
            maxLength={INVOICE_TITLE_MAX + 20}
            autoComplete="organization"
            data-field="invoice-title"
          />
          <TextField
            label="纳税人识别号"
            required={value.kind === 'special'}
            value={value.tax_no}
            onChange={set('tax_no')}
            error={errors.tax_no}
            maxLength={20}
            hint={value.kind === 'special' ? '统一社会信用代码，见营业执照' : '选填，统一社会信用代码，见营业执照'}
            data-field="invoice-tax_no"
          />
          <TextField
            label="接收邮箱"
            required
            type="email"
            inputMode="email"
            autoComplete="email"
            value={value.email}
            onChange={set('email')}
            error={errors.email}
            hint={value.kind === 'normal' ? '电子发票将发送到该邮箱' : '专用发票开具后将通知到该邮箱'}
            data-field="invoice-email"
          />
        </div>
      )}
    </fieldset>
  );
}
