// The sticky bottom panel (desktop and phones): tiers, batch actions, the selected lines' money
// (SPEC §9 shipping shortfall, amounts rounded down by formatPrice) and 去结算 → /cart/step2?ids=.
// On the offline draft 去结算 is disabled with the reason: checkout needs the server; the buyer
// may ask to be reminded once back online instead.
import { memo, useId, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { formatPrice } from '../../domain/money';
import { BatchBar } from './batch-bar';
import { CheckoutReminderToggle } from './checkout-reminder-toggle';
import { useCartMoney, useCartStore, useCartSummary } from './cart-context';
import {
  checkoutBlockReason,
  checkoutHref,
  OFFLINE_CHECKOUT_REASON,
  OFFLINE_TOTALS_UNKNOWN,
  payableTotal,
  shippingText,
} from './cart-page-state';
import { useRenderProbe } from './render-probe';
import { TierBar } from './tier-bar';
import { CashbackBar } from './cashback-bar';
import styles from './totals-panel.module.css';

const Figures = memo(function Figures() {
  useRenderProbe('totals');
  const store = useCartStore();
  const router = useRouter();
  const money = useCartMoney();
  const summary = useCartSummary();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const totals = money?.totals ?? null;
  const draft = store.mode === 'draft';
  const reason = draft
    ? OFFLINE_CHECKOUT_REASON
    : checkoutBlockReason(totals, summary.selectedIds.length, summary.blockedIds.length);

  const checkout = async () => {
    if (store.mode === 'draft') return;
    setBusy(true);
    // Numbers still waiting for their debounce go first: step 2 must see what the buyer sees.
    const ok = await store.flush();
    setBusy(false);
    const now = store.summary();
    if (ok && now.selectedIds.length > 0 && now.blockedIds.length === 0)
      void router.navigate({ href: checkoutHref(now.selectedIds) });
  };

  return (
    <div className={styles.figures}>
      {totals === null ? (
        <p className={styles.hiddenPrices}>{draft ? OFFLINE_TOTALS_UNKNOWN : '资质审核通过后可查看价格并结算'}</p>
      ) : (
        <div className={styles.money}>
          <dl className={styles.amounts}>
            <div className={styles.amount}>
              <dt>已选</dt>
              <dd>
                <strong>{totals.selected_count}</strong>种 <strong>{totals.selected_number}</strong>件
              </dd>
            </div>
            <div className={`${styles.amount} ${styles.payable}`}>
              <dt>应付总额</dt>
              <dd>{formatPrice(payableTotal(totals))}</dd>
            </div>
          </dl>
          <dl className={`${styles.amounts} ${styles.details}`}>
            <div className={styles.amount}>
              <dt>商品合计</dt>
              <dd>{formatPrice(totals.raw_price)}</dd>
            </div>
            {totals.goods_manjian_amount > 0 && (
              <div className={styles.amount}>
                <dt>满减优惠</dt>
                <dd className={styles.saving}>-{formatPrice(totals.goods_manjian_amount)}</dd>
              </div>
            )}
            {totals.with_coupon > 0 && (
              <div className={styles.amount}>
                <dt>可用券金额</dt>
                <dd>{formatPrice(totals.with_coupon)}</dd>
              </div>
            )}
            <div className={styles.amount}>
              <dt>运费</dt>
              <dd data-free={totals.shipping.free || undefined}>
                {totals.shipping.free
                  ? shippingText(totals.shipping)
                  : `${formatPrice(totals.shipping.fee)}（${shippingText(totals.shipping)}）`}
              </dd>
            </div>
          </dl>
        </div>
      )}
      <div className={styles.checkout}>
        <button
          type="button"
          className={styles.checkoutButton}
          disabled={reason !== null || busy}
          aria-describedby={reason !== null ? reasonId : undefined}
          onClick={() => void checkout()}
        >
          {busy ? '正在提交…' : '去结算'}
        </button>
        {reason !== null && (
          <span id={reasonId} className={styles.reason}>
            {reason}
          </span>
        )}
        {draft && <CheckoutReminderToggle />}
      </div>
    </div>
  );
});

export function TotalsPanel() {
  return (
    <section className={styles.panel} aria-label="结算">
      <TierBar />
      <CashbackBar />
      <div className={styles.bar}>
        <BatchBar />
        <Figures />
      </div>
    </section>
  );
}
