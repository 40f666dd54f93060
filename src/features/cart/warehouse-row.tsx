// The heading row of a warehouse group (lines ship per warehouse, ck_id) with its checkbox.
import { memo } from 'react';
import { useCartStore, useGroupCount } from './cart-context';
import type { CartGroup } from './cart-page-state';
import { useRenderProbe } from './render-probe';
import { SelectCheckbox } from './select-checkbox';
import styles from './cart-page.module.css';

export interface WarehouseRowProps {
  group: CartGroup;
  rowIndex: number;
  /** The list window's index (data-index): the window measures the row by it. */
  dataIndex: number;
  measureRef: (el: Element | null) => void;
}

export const WarehouseRow = memo(function WarehouseRow({ group, rowIndex, dataIndex, measureRef }: WarehouseRowProps) {
  useRenderProbe('group', group.ckId);
  const store = useCartStore();
  const count = useGroupCount(group.ckId);
  return (
    <div role="row" ref={measureRef} data-index={dataIndex} aria-rowindex={rowIndex} className={styles.groupRow}>
      <div role="rowheader" aria-colspan={6} className={styles.groupCell}>
        <SelectCheckbox
          className={styles.check}
          hitClassName={styles.checkHit}
          count={count}
          label={`选择 ${group.name} 全部商品`}
          onToggle={(on) => store.toggleGroup(group.ckId, on)}
        />
        <span className={styles.groupName}>{group.name}</span>
        <span className={styles.muted}>共{group.ids.length}种商品</span>
      </div>
    </div>
  );
});
