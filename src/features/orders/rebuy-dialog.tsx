// "再次购买" outcome: what went into the cart and, line by line, what did not and why (sold out,
// delisted, 控销, limit…), so the buyer is never surprised by a shorter cart.
import { Link } from '@tanstack/react-router';
import type { RebuyResult } from '../../domain/orders';
import styles from './dialog.module.css';
import { buttonClass } from '../../ui/button';
import { Dialog, DialogActions, DialogClose } from '../../ui/dialog';

export function rebuySummary(result: RebuyResult): string {
  if (result.added === 0) return '商品均未能加入购物车';
  return `已将 ${result.added} 种商品加入购物车`;
}

export function RebuyDialog({ result, onClose }: { result: RebuyResult | null; onClose: () => void }) {
  return (
    <Dialog
      open={result !== null}
      onOpenChange={(open) => !open && onClose()}
      title="再次购买"
      describedBy="rebuy-summary"
      widthPx={440}
    >
      {result && (
        <>
          <p id="rebuy-summary" className={result.added > 0 ? styles.success : styles.warn}>
            {rebuySummary(result)}
          </p>
          {result.skipped.length > 0 && (
            <>
              <p className={styles.text}>以下 {result.skipped.length} 种商品未能加入：</p>
              <ul className={styles.skipped} aria-label="未加入的商品">
                {result.skipped.map((s) => (
                  <li key={s.goods_id}>
                    <span className={styles.skippedName}>{s.name}</span>
                    <span className={styles.skippedReason}>{s.reason}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <DialogActions>
            <DialogClose className={buttonClass('secondary')}>继续浏览</DialogClose>
            {result.added > 0 && (
              <Link to="/cart" className={buttonClass('primary')} onClick={onClose}>
                去购物车
              </Link>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
