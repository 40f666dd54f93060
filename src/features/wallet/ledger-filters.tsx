// The ledger's filters (SPEC §3 money log: use_type, start_time, end_time, keywords). The fields
// start from the URL and reach it only on submit; a date range the wrong way round is refused
// here by the same rule the server applies (domain/wallet.ts ledgerDateErrors), at the field.
import { useId, useState, type FormEvent } from 'react';
import { LEDGER_KEYWORDS_MAX, ledgerDateErrors, USE_TYPES, type LedgerAccount } from '../../domain/wallet';
import { buttonClass } from '../../ui/button';
import type { LedgerSearch } from './wallet-search-schema';
import styles from './wallet.module.css';

export type LedgerFilterValues = Omit<LedgerSearch, 'page'>;

const EMPTY: LedgerFilterValues = { use_type: '', start_time: '', end_time: '', keywords: '' };

export function LedgerFilters({
  account,
  search,
  onSearch,
}: {
  account: LedgerAccount;
  search: LedgerSearch;
  onSearch: (v: LedgerFilterValues) => void;
}) {
  const [values, setValues] = useState<LedgerFilterValues>({
    use_type: search.use_type,
    start_time: search.start_time,
    end_time: search.end_time,
    keywords: search.keywords,
  });
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const set = (patch: Partial<LedgerFilterValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errors = ledgerDateErrors(values.start_time, values.end_time);
    const first = errors.start_time ?? errors.end_time;
    if (first) {
      setError(first);
      return;
    }
    setError(null);
    onSearch({ ...values, keywords: values.keywords.trim() });
  };
  const reset = () => {
    setValues(EMPTY);
    setError(null);
    onSearch(EMPTY);
  };
  const invalid = error !== null || undefined;

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={account === 'balance' ? '余额明细筛选' : '积分明细筛选'}
      onSubmit={submit}
      noValidate
    >
      <label className={styles.field}>
        <span>类型</span>
        <select value={values.use_type} onChange={(e) => set({ use_type: e.target.value })}>
          <option value="">全部</option>
          {Object.entries(USE_TYPES[account]).map(([key, text]) => (
            <option key={key} value={key}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <span className={styles.field}>
        <span>时间</span>
        <input
          type="date"
          aria-label="开始日期"
          value={values.start_time}
          onChange={(e) => set({ start_time: e.target.value })}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
        />
        <span aria-hidden="true">至</span>
        <input
          type="date"
          aria-label="结束日期"
          value={values.end_time}
          onChange={(e) => set({ end_time: e.target.value })}
          aria-invalid={invalid}
          aria-describedby={error ? errorId : undefined}
        />
      </span>
      <label className={styles.field}>
        <span>关键词</span>
        <input
          type="search"
          value={values.keywords}
          maxLength={LEDGER_KEYWORDS_MAX}
          placeholder="备注 / 订单编号"
          onChange={(e) => set({ keywords: e.target.value })}
        />
      </label>
      <button type="submit" className={buttonClass('primary', { size: 'sm' })}>
        查询
      </button>
      <button type="button" className={buttonClass('secondary', { size: 'sm' })} onClick={reset}>
        重置
      </button>
      {error && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
