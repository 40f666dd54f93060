// Search by order number or goods name within a date range. The fields start from the URL and
// only reach it on submit, so typing does not fire a request per keystroke.
import { useId, useState, type FormEvent } from 'react';
import { MAX_ORDER_KEYWORDS_CHARS, type OrderSearch } from './order-search-schema';
import styles from './orders.module.css';
import { buttonClass } from '../../ui/button';

export const DATE_RANGE_ERROR = '开始日期不能晚于结束日期';

export interface OrderFilterValues {
  keywords: string;
  start: string;
  end: string;
}

export function OrderFilters({
  search,
  onSearch,
}: {
  search: OrderSearch;
  onSearch: (values: OrderFilterValues) => void;
}) {
  const [keywords, setKeywords] = useState(search.keywords);
  const [start, setStart] = useState(search.start);
  const [end, setEnd] = useState(search.end);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (start !== '' && end !== '' && start > end) {
      setError(DATE_RANGE_ERROR);
      return;
    }
    setError(null);
    onSearch({ keywords: keywords.trim(), start, end });
  };
  const reset = () => {
    setKeywords('');
    setStart('');
    setEnd('');
    setError(null);
    onSearch({ keywords: '', start: '', end: '' });
  };

  return (
    <form className={styles.filters} role="search" aria-label="订单搜索" onSubmit={submit} noValidate>
      <label className={styles.field}>
        <span>关键词</span>
        <input
          type="search"
          value={keywords}
          maxLength={MAX_ORDER_KEYWORDS_CHARS}
          placeholder="订单编号 / 商品名称"
          onChange={(e) => setKeywords(e.target.value)}
        />
      </label>
      <span className={styles.field}>
        <span>下单时间</span>
        <input
          type="date"
          aria-label="开始日期"
          value={start}
          max={end || undefined}
          onChange={(e) => setStart(e.target.value)}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span aria-hidden="true">至</span>
        <input
          type="date"
          aria-label="结束日期"
          value={end}
          min={start || undefined}
          onChange={(e) => setEnd(e.target.value)}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </span>
      <button type="submit" className={buttonClass('primary', { size: 'sm' })}>
        搜索
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
