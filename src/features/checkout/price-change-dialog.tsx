// The 409 refusal: prices moved between the preview and the submit. The buyer sees each old and
// new price and either accepts them (re-preview, then submit at the new amount) or goes back.
import { useRef } from 'react';
import { AlertDialog } from 'radix-ui';
import type { PriceChange } from '../../api/checkout';
import { formatPrice } from '../../domain/money';
import styles from './checkout.module.css';
import { buttonClass } from '../../ui/button';
import { dialogFrame } from '../../ui/dialog';

export const PRICE_CHANGED_TITLE = '商品价格已变动';
export const PRICE_CONFIRM_LABEL = '确认新价格并重新提交';

export interface PriceChangeDialogProps {
  changes: readonly PriceChange[] | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function PriceChangeDialog({ changes, onConfirm, onCancel }: PriceChangeDialogProps) {
  // The confirm button also closes the dialog; that close is not a cancel.
  const confirmed = useRef(false);
  return (
    <AlertDialog.Root
      open={changes !== null}
      onOpenChange={(open) => {
        if (!open && !confirmed.current) onCancel();
        confirmed.current = false;
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogFrame.overlay} />
        <AlertDialog.Content className={`${dialogFrame.content} ${styles.priceDialog}`}>
          <AlertDialog.Title className={dialogFrame.title}>{PRICE_CHANGED_TITLE}</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogText}>
            {changes && changes.length > 0
              ? '以下商品的价格在您提交前发生了变动，请确认新价格后重新提交订单。'
              : '订单金额在您提交前发生了变动（如运费、优惠或余额），请确认新金额后重新提交订单。'}
          </AlertDialog.Description>
          {changes && changes.length > 0 && (
            <table className={styles.changes}>
              <thead>
                <tr>
                  <th scope="col">商品</th>
                  <th scope="col">原价</th>
                  <th scope="col">现价</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.goods_id}>
                    <td>{c.name}</td>
                    <td className={styles.num}>
                      <s>{formatPrice(c.old_price)}</s>
                    </td>
                    <td className={`${styles.num} ${c.new_price > c.old_price ? styles.up : styles.down}`}>
                      {formatPrice(c.new_price)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className={styles.dialogActions}>
            <AlertDialog.Cancel className={buttonClass('secondary')}>返回修改</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass('primary')}
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {PRICE_CONFIRM_LABEL}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
