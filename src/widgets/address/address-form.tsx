// The delivery address form (add and edit, in the address book and at checkout). Errors appear
// after the first submit and then follow the buyer's typing; the server's 422 messages land on
// their fields too. 省/市/区 are cascading selects over the region lists (loaded when the form
// opens): a new province clears city and district, a single choice (直辖市's city, a 省直辖县级
// unit's district) is picked at once, and a stored name the lists do not know stays shown, marked,
// until the buyer picks a real one (saving needs one).
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
import { SelectField, type SelectOption } from './select-field';
import { useRegions } from './use-regions';
import styles from './address.module.css';
import { buttonClass } from '../../ui/button';

export interface AddressFormProps {
  initial?: AddressValues;
  submitLabel?: string;
  busy?: boolean;
  /** Resolves with the server's field messages when it refused the address (422), else nothing. */
  onSubmit: (input: AddressInput) => Promise<AddressErrors | void>;
  onCancel?: () => void;
  /** Extra class on the <form> (the dialog spaces it from its title). */
  className?: string;
}

/** The names to offer, with a stored one the lists lack first (marked once the lists are in). */
function regionOptions(names: readonly string[], current: string, loaded: boolean): SelectOption[] {
  const options: SelectOption[] = names.map((value) => ({ value }));
  if (current !== '' && !names.includes(current)) {
    options.unshift({ value: current, label: loaded ? `${current}（请重新选择）` : undefined });
  }
  return options;
}

const REGION_FIELDS = ['province', 'city', 'district'] as const;

export function AddressForm({
  initial,
  submitLabel = '保存',
  busy = false,
  onSubmit,
  onCancel,
  className,
}: AddressFormProps) {
  const [values, setValues] = useState<AddressValues>(() => initial ?? emptyAddressValues());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressErrors>({});
  const inputs = useRef<Partial<Record<AddressField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const { regions, failed: regionsFailed, retry: retryRegions } = useRegions();

  const clientErrors = submitted ? validateAddress(values, regions) : {};
  const errors: AddressErrors = { ...serverErrors, ...clientErrors };

  const clearServerErrors = (fields: readonly AddressField[]) =>
    setServerErrors((e) => {
      if (!fields.some((f) => e[f])) return e;
      const next = { ...e };
      for (const f of fields) delete next[f];
      return next;
    });

  const set = (field: AddressField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearServerErrors([field]);
  };

  /** A new province or city clears the levels below it, then fills a level that has one choice. */
  const setRegion = (field: (typeof REGION_FIELDS)[number]) => (value: string) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === 'province') next.city = '';
      if (field !== 'district') next.district = '';
      if (regions && next.province !== '' && next.city === '') {
        const cities = regions.citiesOf(next.province);
        if (cities.length === 1) next.city = cities[0];
      }
      if (regions && next.city !== '' && next.district === '') {
        const districts = regions.districtsOf(next.province, next.city);
        if (districts.length === 1) next.district = districts[0];
      }
      return next;
    });
    clearServerErrors(REGION_FIELDS.slice(REGION_FIELDS.indexOf(field)));
  };

  const focusFirst = (found: AddressErrors) => {
    const first = ADDRESS_FIELDS.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validateAddress(values, regions);
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
    ref: (el: HTMLInputElement | HTMLSelectElement | null) => {
      inputs.current[name] = el;
    },
    value: values[name],
    onChange: set(name),
    error: errors[name],
    required: true,
  });

  const loading = regions === null;
  const regionField = (
    name: (typeof REGION_FIELDS)[number],
    names: readonly string[],
    choose: string,
    parent: string | null,
  ) => ({
    ...field(name),
    onChange: setRegion(name),
    options: regionOptions(names, values[name], !loading),
    placeholder: loading ? (regionsFailed ? '加载失败' : '加载中…') : choose,
    // Nothing to choose from before the level above is chosen.
    disabled: loading || parent === '',
    'aria-busy': (loading && !regionsFailed) || undefined,
  });

  return (
    <form
      className={className ? `${styles.form} ${className}` : styles.form}
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-busy={busy || undefined}
    >
      <div className={styles.formRow}>
        <TextField
          label="收货人"
          autoComplete="name"
          maxLength={ADDRESS_LIMITS.consignee + 10}
          {...field('consignee')}
        />
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
        <SelectField
          label="省份"
          autoComplete="address-level1"
          {...regionField('province', regions?.provinces() ?? [], '请选择省份', null)}
        />
        <SelectField
          label="城市"
          autoComplete="address-level2"
          {...regionField('city', regions?.citiesOf(values.province) ?? [], '请选择城市', values.province)}
        />
        <SelectField
          label="区/县"
          autoComplete="address-level3"
          {...regionField(
            'district',
            regions?.districtsOf(values.province, values.city) ?? [],
            '请选择区县',
            values.city,
          )}
        />
      </div>
      {regionsFailed && (
        <p role="alert" className={styles.error}>
          省市区列表加载失败，
          <button type="button" className={buttonClass('link')} onClick={retryRegions}>
            重新加载
          </button>
        </p>
      )}
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
          <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
            取消
          </button>
        )}
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? '保存中…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
