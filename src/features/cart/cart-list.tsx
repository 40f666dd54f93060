// The cart lines as one table, warehouse by warehouse, windowed: a 300-line cart mounts only the
// rows near the viewport (ui/windowed/use-page-window.ts, on @tanstack/react-virtual). The list
// itself re-renders only when lines are added, removed or regrouped, or the window moves; rows and
// group headings follow their own store slices.
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import type { CartLineView } from '../../domain/cart-types';
import { useCartGroups, useCartStore, useCartSummary } from './cart-context';
import type { CartGroup } from './cart-page-state';
import { LineRow } from './line-row';
import { useRenderProbe } from './render-probe';
import { SelectCheckbox } from './select-checkbox';
import { usePageWindow } from '../../ui/windowed/use-page-window';
import { WarehouseRow } from './warehouse-row';
import styles from './cart-page.module.css';

type Item = { kind: 'group'; key: string; group: CartGroup } | { kind: 'line'; key: number; id: number };

/** Estimated heights (px) until a row is measured (measured in Chromium at 1280 and 390 px wide). */
const GROUP_ROW_PX = 44;
const LINE_ROW_PX = 92;
const LINE_ROW_PHONE_PX = 160;
const NOTE_PX = 18;
const MEMBER_PX = 46;
/**
 * Items in the list's first commit: a first screen on a desktop (a phone shows about four). The
 * rest follow in a background render React splits into short slices, so the first lines paint
 * without waiting for all of them and no long task blocks the page (issue 21); until then their
 * estimated heights pad the list, so nothing on screen moves when they arrive.
 */
const FIRST_PAINT_ITEMS = 8;
/** The phone layout of cart-page.module.css starts here. */
const PHONE_QUERY = '(max-width: 720px)';

const isPhone = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

function estimateLine(line: CartLineView | undefined, phone: boolean): number {
  const base = phone ? LINE_ROW_PHONE_PX : LINE_ROW_PX;
  if (!line) return base;
  let h = base;
  if (line.combination) h += line.combination.goods.length * MEMBER_PX - NOTE_PX;
  if (line.price_changed || line.problem) h += NOTE_PX;
  if (line.gift_data.type !== 0) h += NOTE_PX;
  return h;
}

function HeaderSelectAll() {
  const store = useCartStore();
  const summary = useCartSummary();
  return (
    <SelectCheckbox
      className={styles.check}
      hitClassName={styles.checkHit}
      count={summary.all}
      label="全选"
      onToggle={store.toggleAll}
    />
  );
}

export const CartList = memo(function CartList() {
  useRenderProbe('list');
  const store = useCartStore();
  const groups = useCartGroups();
  const items = useMemo(
    () =>
      groups.flatMap((group): Item[] => [
        { kind: 'group', key: `ck-${group.ckId}`, group },
        ...group.ids.map((id): Item => ({ kind: 'line', key: id, id })),
      ]),
    [groups],
  );
  const getItemKey = useCallback((index: number) => items[index].key, [items]);
  const phone = useMemo(() => isPhone(), []);
  const estimate = useMemo(() => {
    return (index: number) => {
      const item = items[index];
      return item.kind === 'group' ? GROUP_ROW_PX : estimateLine(store.line(item.id), phone);
    };
  }, [items, store, phone]);
  const {
    listProps,
    items: mounted,
    padTop,
    padBottom,
    measureRef,
  } = usePageWindow<HTMLDivElement>({
    count: items.length,
    getItemKey,
    estimateSize: estimate,
    averageSize: phone ? LINE_ROW_PHONE_PX : LINE_ROW_PX,
  });

  // The first commit draws FIRST_PAINT_ITEMS; the deferred value then brings every mounted item.
  const shown = useDeferredValue(mounted.length, Math.min(mounted.length, FIRST_PAINT_ITEMS));
  const drawn = shown < mounted.length ? mounted.slice(0, shown) : mounted;
  let pending = 0;
  for (let i = drawn.length; i < mounted.length; i++) pending += estimate(mounted[i].index) + mounted[i].gapBefore;

  return (
    <div role="table" aria-label="购物车商品" aria-rowcount={items.length + 1} className={styles.table}>
      <div role="rowgroup" className={styles.head}>
        <div role="row" aria-rowindex={1} className={styles.headRow}>
          <span role="columnheader" className={styles.checkCell}>
            <HeaderSelectAll />
          </span>
          <span role="columnheader">商品信息</span>
          <span role="columnheader">单价</span>
          <span role="columnheader">数量</span>
          <span role="columnheader">小计</span>
          <span role="columnheader">操作</span>
        </div>
      </div>
      <div
        role="rowgroup"
        {...listProps}
        className={styles.body}
        style={{ paddingTop: padTop, paddingBottom: padBottom + pending }}
      >
        {/* One flat keyed list (not an array per item, which React would key by position). */}
        {drawn.flatMap(({ index, key, gapBefore }) => {
          const item = items[index];
          const rowIndex = index + 2;
          // A gap: a focused row kept mounted while scrolled away (use-page-window.ts).
          const gap =
            gapBefore > 0 ? <div key={`gap-${key}`} aria-hidden="true" style={{ height: gapBefore }} /> : null;
          return [
            ...(gap ? [gap] : []),
            item.kind === 'group' ? (
              <WarehouseRow
                key={key}
                group={item.group}
                rowIndex={rowIndex}
                dataIndex={index}
                measureRef={measureRef}
              />
            ) : (
              <LineRow key={key} id={item.id} rowIndex={rowIndex} dataIndex={index} measureRef={measureRef} />
            ),
          ];
        })}
      </div>
    </div>
  );
});
