// Cells shared by a goods line and a combination line: the checkbox (disabled with its reason,
// SPEC §4), the quantity, the line total and the delete link, plus the notes under a line.
import { useId } from 'react';
import type { CartLineView } from '../../domain/cart-types';
import { formatPrice } from '../../domain/money';
import { QuantityStepper } from '../../widgets/goods/quantity-stepper';
import { useCartStore } from './cart-context';
import {
  DELETE_CONFIRM_TEXT,
  lineName,
  lineQuantityRules,
  lineUnit,
  priceChangeText,
  problemText,
  unselectableReason,
} from './cart-page-state';
import { confirmRemove } from './confirm-remove';
import styles from './cart-page.module.css';
import { buttonClass } from '../../ui/button';

export function CheckCell({ line }: { line: CartLineView }) {
  const store = useCartStore();
  const reasonId = useId();
  const reason = unselectableReason(line);
  return (
    <div role="cell" className={styles.checkCell}>
      <label className={styles.checkHit}>
        <input
          type="checkbox"
          className={styles.check}
          checked={line.is_selected === 1}
          disabled={reason !== null}
          aria-label={`选择 ${lineName(line)}`}
          aria-describedby={reason !== null ? reasonId : undefined}
          title={reason ?? undefined}
          onChange={(e) => store.toggleLine(line.id, e.target.checked)}
        />
      </label>
      {reason !== null && (
        <>
          <span className={styles.invalidTag} aria-hidden="true">
            失效
          </span>
          <span id={reasonId} className={styles.srOnly}>
            不可勾选：{reason}
          </span>
        </>
      )}
    </div>
  );
}

export function QuantityCell({ line }: { line: CartLineView }) {
  const store = useCartStore();
  return (
    <div role="cell" className={styles.qtyCell}>
      <QuantityStepper
        value={line.number}
        onChange={(n) => store.changeNumber(line.id, n)}
        rules={lineQuantityRules(line)}
        unit={lineUnit(line)}
        ariaLabel={`${lineName(line)} 购买数量`}
      />
    </div>
  );
}

export function TotalCell({ line }: { line: CartLineView }) {
  return (
    <div role="cell" className={styles.totalCell}>
      <span className={styles.cellLabel}>小计</span>
      {line.raw_price === null ? (
        <span className={styles.muted}>--</span>
      ) : (
        <strong className={styles.lineTotal}>{formatPrice(line.raw_price)}</strong>
      )}
    </div>
  );
}

export function OpsCell({ line }: { line: CartLineView }) {
  const store = useCartStore();
  return (
    <div role="cell" className={styles.opsCell}>
      <button
        type="button"
        className={buttonClass('link')}
        aria-label={`删除 ${lineName(line)}`}
        onClick={() => confirmRemove(store, [line.id], DELETE_CONFIRM_TEXT)}
      >
        删除
      </button>
    </div>
  );
}

/** Price change, problem and gift notes of a line (nothing when there is nothing to say). */
export function LineNotes({ line }: { line: CartLineView }) {
  const change = priceChangeText(line);
  const problem = problemText(line);
  const gifts = line.gift_data.total > 0 ? `赠品：${line.gift_data.total}件` : null;
  if (!change && !problem && !gifts) return null;
  return (
    <p className={styles.notes}>
      {change && <span className={styles.priceChanged}>{change}</span>}
      {problem && <span className={styles.problem}>{problem}</span>}
      {gifts && <span className={styles.gift}>{gifts}</span>}
    </p>
  );
}
