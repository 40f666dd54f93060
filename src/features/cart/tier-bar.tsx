// 满减/满折 tiers of the promotions the cart's lines join (activity_data): reached tiers first
// with ✓ (SPEC §4, status 1), then what is still missing for the next one and 去凑单.
import { memo } from 'react';
import type { CartPromotionView, DiscountTier, ManjianTier } from '../../domain/cart-types';
import { useCartMoney, useCartStore } from './cart-context';
import { discountTierLabel, manjianTierLabel, tierShortfallText } from './cart-page-state';
import { NextHintPopover } from './next-hint-popover';
import styles from './totals-panel.module.css';

interface PromotionLine {
  id: number;
  kind: 'manjian' | 'discount';
  name: string;
  tiers: { key: number; label: string; reached: boolean }[];
  next: { label: string; shortfall: number } | null;
}

function toLine<T extends ManjianTier | DiscountTier>(p: CartPromotionView<T>, label: (t: T) => string): PromotionLine {
  const nextTier = p.next ? p.tiers.find((t) => t.amount === p.next!.amount) : undefined;
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    tiers: p.tiers.map((t) => ({ key: t.amount, label: label(t), reached: t.status === 1 })),
    next: p.next && nextTier ? { label: label(nextTier), shortfall: p.next.shortfall } : null,
  };
}

export const TierBar = memo(function TierBar() {
  const money = useCartMoney();
  // 去凑单 asks the server for suggestions: not on the offline draft.
  const online = useCartStore().mode === 'server';
  if (!money || money.totals === null) return null;
  const lines = [
    ...money.activity.manjians.map((p) => toLine(p, manjianTierLabel)),
    ...money.activity.discounts.map((p) => toLine(p, discountTierLabel)),
  ];
  if (lines.length === 0) return null;
  return (
    <ul className={styles.tiers} aria-label="促销活动">
      {lines.map((p) => (
        <li key={`${p.kind}-${p.id}`} className={styles.tierLine}>
          <span className={styles.tierKind}>{p.kind === 'manjian' ? '满减' : '满折'}</span>
          <span className={styles.tierName}>{p.name}</span>
          <span className={styles.tierSteps}>
            {p.tiers.map((t) => (
              <span key={t.key} className={styles.tierStep} data-reached={t.reached || undefined}>
                {t.reached && (
                  <>
                    <span aria-hidden="true">✓</span>
                    <span className={styles.srOnly}>已满足</span>
                  </>
                )}
                {t.label}
              </span>
            ))}
          </span>
          {p.next ? (
            <span className={styles.tierNext}>
              <span>
                {tierShortfallText(p.next.shortfall)}可享{p.next.label}
              </span>
              {online && <NextHintPopover promotionId={p.id} promotionName={p.name} />}
            </span>
          ) : (
            <span className={styles.tierDone}>已享受最高档优惠</span>
          )}
        </li>
      ))}
    </ul>
  );
});
