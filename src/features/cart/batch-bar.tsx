// 全选, 删除选中的商品 and 清除失效商品 (lines that cannot be bought now).
import { memo } from 'react';
import { useCartStore, useCartSummary } from './cart-context';
import { batchDeleteConfirmText, clearInvalidConfirmText } from './cart-page-state';
import { confirmRemove } from './confirm-remove';
import { CopyToStores } from './copy-to-stores';
import { SelectCheckbox } from './select-checkbox';
import styles from './totals-panel.module.css';
import { buttonClass } from '../../ui/button';

export const BatchBar = memo(function BatchBar() {
  const store = useCartStore();
  const summary = useCartSummary();
  const selected = summary.selectedIds;
  const invalid = summary.invalidIds;
  return (
    <div className={styles.batch}>
      <label className={styles.selectAll}>
        <SelectCheckbox className={styles.check} count={summary.all} label="全选" onToggle={store.toggleAll} />
        <span aria-hidden="true">全选</span>
      </label>
      <button
        type="button"
        className={buttonClass('link')}
        disabled={selected.length === 0}
        onClick={() => confirmRemove(store, selected, batchDeleteConfirmText(selected.length))}
      >
        删除选中
      </button>
      <button
        type="button"
        className={buttonClass('link')}
        disabled={invalid.length === 0}
        onClick={() => confirmRemove(store, invalid, clearInvalidConfirmText(invalid.length))}
      >
        清除失效商品
      </button>
      <CopyToStores lineIds={selected} />
    </div>
  );
});
