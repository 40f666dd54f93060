// What changed when the device's offline work reached the server (src/local reconcile and refused
// outbox entries): '价格已变动', '库存不足', '已下架', '超出限购', and refusals with the server's
// message. Nothing is dropped silently: each row stays until the buyer closes it with 知道了.
import { CART_CHANGE_TEXTS, type ConflictRow, dismissConflict, useConflicts } from '../../local';
import styles from './cart-offline.module.css';

export const CONFLICTS_TITLE = '同步后有变动，请核对';
export const DISMISS_LABEL = '知道了';

/** The short tag of a row: the kind of change, or 未成功 for a refused offline action. */
export function conflictTag(row: ConflictRow): string {
  return row.source === 'change' ? CART_CHANGE_TEXTS[row.change] : '未成功';
}

export function CartConflicts() {
  const rows = useConflicts();
  if (rows.length === 0) return null;
  return (
    <section className={styles.conflicts} aria-labelledby="cart-conflicts-title">
      <h2 id="cart-conflicts-title" className={styles.conflictsTitle}>
        {CONFLICTS_TITLE}（{rows.length}）
      </h2>
      <ul className={styles.conflictList}>
        {rows.map((row) => (
          <li key={row.id} className={styles.conflict} data-kind={row.source === 'change' ? row.change : 'refused'}>
            <span className={styles.conflictTag}>{conflictTag(row)}</span>
            <span className={styles.conflictText}>{row.text}</span>
            <button
              type="button"
              className={styles.dismiss}
              aria-label={`${DISMISS_LABEL}：${row.text}`}
              onClick={() => {
                if (row.id !== undefined) void dismissConflict(row.id);
              }}
            >
              {DISMISS_LABEL}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
