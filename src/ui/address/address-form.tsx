// The delivery address form (add and edit, in the address book and at checkout). Errors appear
// after the first submit and then follow the buyer's typing; the server's 422 messages land on
// their fields too.
import { useRef, useState, type FormEvent } from 'react';
import type { AddressInput } from '../../domain/orders';
import {
  ADDRESS_FIELDS,
  ADDRESS_LIMITS,
  emptyAddressValues,
  toAddressInput,
  validateAddress,
  type AddressErrors,
  type AddressField,
  type AddressValues,
} from './address-rules';
import { TextField } from './text-field';
import styles from './address.module.css';

export interface AddressFormProps {
  initial?: AddressValues;
  submitLabel?: string;
  busy?: boolean;
  /** Resolves with the server's field messages when it refused the address (422), else nothing. */
  onSubmit: (input: AddressInput) => Promise<AddressErrors | void>;
  onCancel?: () => void;
}

export function AddressForm({ initial, submitLabel = '保存', busy = false, onSubmit, onCancel }: AddressFormProps) {
  const [values, setValues] = useState<AddressValues>(() => initial ?? emptyAddressValues());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressErrors>({});
  const inputs = useRef<Partial<Record<AddressField, HTMLInputElement | null>>>({});

  const clientErrors = submitted ? validateAddress(values) : {};
  const errors: AddressErrors = { ...serverErrors, ...clientErrors };

  const set = (field: AddressField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };

  const focusFirst = (found: AddressErrors) => {
    const first = ADDRESS_FIELDS.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateAddress(values);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const refused = await onSubmit(toAddressInput(values));
    if (refused && Object.keys(refused).length > 0) {
      setServerErrors(refused);
      focusFirst(refused);
    }
  };

  const field = (name: AddressField) => ({
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    value: values[name],
    onChange: set(name),
    error: errors[name],
    required: true,
  });

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
      <div className={styles.formRow}>
        <TextField label="收货人" autoComplete="name" maxLength={ADDRESS_LIMITS.consignee + 10} {...field('consignee')} />
        <TextField
          label="手机号码"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          hint="手机号或固定电话，如 020-12345678"
          {...field('phone')}
        />
      </div>
      <div className={styles.formRow3}>
        <TextField label="省份" autoComplete="address-level1" {...field('province')} />
        <TextField label="城市" autoComplete="address-level2" {...field('city')} />
        <TextField label="区/县" autoComplete="address-level3" {...field('district')} />
      </div>
      <TextField
        label="详细地址"
        autoComplete="street-address"
        maxLength={ADDRESS_LIMITS.detail + 20}
        hint="街道、门牌号、楼层等"
        {...field('detail')}
      />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={values.is_default}
          onChange={(e) => setValues((v) => ({ ...v, is_default: e.target.checked }))}
        />
        设为默认收货地址
      </label>
      <div className={styles.formActions}>
        {onCancel && (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            取消
          </button>
        )}
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? '保存中…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
