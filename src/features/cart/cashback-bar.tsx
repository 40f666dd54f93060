// The cart's 满额返现 hint over the selected lines. It re-renders with the money slice (amounts
// and selection change it) and reads the selected lines from the store then.
import type { CashbackLine } from '../../domain/cashback';
import { CashbackHint } from '../../widgets/cashback/cashback-hint';
import { useCartMoney, useCartStore, useCartSummary } from './cart-context';

export function CashbackBar() {
  const store = useCartStore();
  const money = useCartMoney();
  const summary = useCartSummary();
  if (!money || money.totals === null) return null;
  const lines: CashbackLine[] = summary.selectedIds.flatMap((id) => {
    const l = store.line(id);
    return l ? [{ goods_id: l.goods.id, type: l.type, is_selected: l.is_selected, amount: l.raw_price ?? 0 }] : [];
  });
  return <CashbackHint lines={lines} />;
}
