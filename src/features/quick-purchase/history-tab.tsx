// 购买记录: every goods this company bought before (GET /api/user/fast_buy) with its last purchase
// and its price and stock now, sortable and filtered in the URL; tick rows, set quantities, add all
// in one request or save them as a 常购清单. Offline it shows the history as last read online.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { historyQuery } from '../../api/quick-purchase';
import { formatPrice } from '../../domain/money';
import { formatDate } from '../../domain/time';
import type { HistoryOrder, HistoryOrderKey, PurchaseHistoryRow } from '../../domain/quick-purchase';
import { buttonClass } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { QueryStates, StateBlock } from '../../ui/state-block';
import { parseQuantity, useAddLines, type AddLine, type RowStatus } from './add-lines';
import { GoodsCell } from './goods-cell';
import type { QuickPurchaseSearch } from './quick-purchase-search';
import { quickPurchaseHref } from './quick-purchase-urls';
import { RowStatusText } from './row-status';
import { SaveListDialog } from './save-list-dialog';
import { LinesButtons } from './lines-buttons';
import styles from './quick-purchase.module.css';

const SORTS: readonly { key: HistoryOrderKey; label: string }[] = [
  { key: 'last_at', label: '最近购买' },
  { key: 'times', label: '购买次数' },
  { key: 'last_price', label: '上次单价' },
  { key: 'last_number', label: '上次数量' },
  { key: 'price', label: '当前价格' },
  { key: 'stock', label: '库存' },
  { key: 'name', label: '商品名称' },
];

const COLUMNS = [
  '选择',
  '商品',
  '上次单价',
  '上次数量',
  '购买次数',
  '最近购买',
  '当前价格',
  '库存',
  '采购数量',
  '结果',
];

export function HistoryTab({ search }: { search: QuickPurchaseSearch }) {
  const router = useRouter();
  const query = useQuery({
    ...historyQuery({ order: search.order, keywords: search.keywords, page: search.page }),
    placeholderData: keepPreviousData,
  });
  const [filter, setFilter] = useState(search.keywords);
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const [numbers, setNumbers] = useState<ReadonlyMap<number, string>>(() => new Map());
  const [statuses, setStatuses] = useState<ReadonlyMap<string, RowStatus>>(() => new Map());
  const [saving, setSaving] = useState(false);
  const { add, pending } = useAddLines();
  useEffect(() => setFilter(search.keywords), [search.keywords]);

  const rows = useMemo(() => query.data?.list ?? [], [query.data]);
  const go = (s: Partial<QuickPurchaseSearch>) =>
    void router.navigate({ href: quickPurchaseHref({ ...search, ...s }) });
  const [sortKey, sortDir] = [
    search.order.slice(0, search.order.lastIndexOf('_')) as HistoryOrderKey,
    search.order.endsWith('_asc') ? 'asc' : 'desc',
  ];

  const numberOf = (r: PurchaseHistoryRow) => numbers.get(r.goods_id) ?? String(r.last_number);
  const buyable = rows.filter((r) => r.goods !== null);
  const chosen = buyable.filter((r) => picked.has(r.goods_id));
  const invalid = chosen.some((r) => parseQuantity(numberOf(r)) === null);
  const lines: AddLine[] = chosen.flatMap((r) => {
    const n = parseQuantity(numberOf(r));
    return r.goods && n !== null ? [{ key: String(r.goods_id), goods: r.goods, number: n }] : [];
  });

  const toggle = (id: number, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allPicked = buyable.length > 0 && chosen.length === buyable.length;

  const submitFilter = (e: FormEvent) => {
    e.preventDefault();
    go({ keywords: filter.trim(), page: 1 });
  };

  const addAll = async () => {
    const out = await add(lines);
    if (out) setStatuses((prev) => new Map([...prev, ...out]));
  };

  const data = query.data;
  const pages = data ? pageCountOf(data.total, data.page_size) : 0;

  return (
    <div>
      <form className={styles.toolbar} onSubmit={submitFilter} role="search">
        <input
          className={`${styles.input} ${styles.filter}`}
          type="search"
          aria-label="筛选购买记录"
          placeholder="名称、厂家、批准文号或条形码"
          value={filter}
          maxLength={50}
          onChange={(e) => setFilter(e.target.value)}
        />
        <button type="submit" className={buttonClass('outline', { size: 'sm' })}>
          筛选
        </button>
        <span className={styles.grow} />
        <label className={styles.summary}>
          排序{' '}
          <select
            className={styles.select}
            aria-label="排序方式"
            value={sortKey}
            onChange={(e) => go({ order: `${e.target.value as HistoryOrderKey}_${sortDir}` as HistoryOrder, page: 1 })}
          >
            {SORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={buttonClass('outline', { size: 'sm' })}
          aria-label={sortDir === 'desc' ? '当前从高到低，改为从低到高' : '当前从低到高，改为从高到低'}
          onClick={() => go({ order: `${sortKey}_${sortDir === 'desc' ? 'asc' : 'desc'}` as HistoryOrder, page: 1 })}
        >
          {sortDir === 'desc' ? '↓ 降序' : '↑ 升序'}
        </button>
      </form>

      {data?.offline && (
        <p className={styles.offline}>当前无法连接服务器，显示的是本机保存的购买记录，价格与库存以联网后为准。</p>
      )}

      {query.isPending || query.isError ? (
        <QueryStates
          query={query}
          loading="正在加载购买记录…"
          failed="购买记录加载失败"
          retry="outline"
          retryText="重试"
        />
      ) : rows.length === 0 ? (
        <StateBlock
          kind="empty"
          text={search.keywords ? '没有符合筛选条件的商品' : '还没有购买记录，下单后常购商品会出现在这里'}
        />
      ) : (
        <>
          <div className={styles.toolbar}>
            <label>
              <input
                type="checkbox"
                checked={allPicked}
                onChange={(e) => setPicked(e.target.checked ? new Set(buyable.map((r) => r.goods_id)) : new Set())}
              />{' '}
              全选本页
            </label>
            <span className={styles.summary}>
              已选 {chosen.length} 种{data ? `，共 ${data.total} 种曾购商品` : ''}
            </span>
            <span className={styles.grow} />
            <LinesButtons
              count={lines.length}
              invalid={invalid}
              pending={pending}
              addText="加入购物车"
              onSave={() => setSaving(true)}
              onAdd={() => void addAll()}
            />
          </div>
          <DataTable caption="购买记录" columns={COLUMNS} busy={query.isFetching}>
            {rows.map((r) => {
              const n = numberOf(r);
              const bad = parseQuantity(n) === null;
              return (
                <tr key={r.goods_id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`选择 ${r.name}`}
                      disabled={r.goods === null}
                      checked={picked.has(r.goods_id)}
                      onChange={(e) => toggle(r.goods_id, e.target.checked)}
                    />
                  </td>
                  <td>
                    <GoodsCell goods={r.goods} fallbackName={`${r.name} ${r.ypgg}`} offSale={r.off_sale === 1} />
                  </td>
                  <td className={styles.num}>{formatPrice(r.last_price)}</td>
                  <td className={styles.num}>
                    {r.last_number}
                    {r.bzdw}
                  </td>
                  <td className={styles.num}>{r.times}次</td>
                  <td>{formatDate(r.last_at)}</td>
                  <td className={`${styles.num} ${styles.price}`}>
                    {r.goods?.price != null ? formatPrice(r.goods.price) : '—'}
                  </td>
                  <td className={styles.num}>{r.goods ? r.goods.number : '—'}</td>
                  <td>
                    <input
                      className={styles.qty}
                      inputMode="numeric"
                      aria-label={`${r.name} 采购数量`}
                      aria-invalid={bad || undefined}
                      disabled={r.goods === null}
                      value={n}
                      onChange={(e) => {
                        const v = e.target.value;
                        setNumbers((prev) => new Map(prev).set(r.goods_id, v));
                        if (parseQuantity(v) !== null) toggle(r.goods_id, true);
                      }}
                    />
                  </td>
                  <td>
                    <RowStatusText status={statuses.get(String(r.goods_id))} />
                  </td>
                </tr>
              );
            })}
          </DataTable>
          {pages > 1 && (
            <Pager page={search.page} totalPages={pages} hrefFor={(p) => quickPurchaseHref({ ...search, page: p })} />
          )}
        </>
      )}
      <SaveListDialog
        open={saving}
        onOpenChange={setSaving}
        items={lines.map((l) => ({ goods_id: l.goods.id, number: l.number }))}
      />
    </div>
  );
}
