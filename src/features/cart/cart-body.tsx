// The cart's lines and totals panel for whichever CartStore is in context (the server's cart or
// the offline draft), or the empty cart.
import { CartList } from './cart-list';
import { useCartGroups } from './cart-context';
import { EmptyCart } from './empty-cart';
import { TotalsPanel } from './totals-panel';
import { ExchangeChooser } from './exchange-chooser';
import { PendingPrizes } from './pending-prizes';

export function CartBody() {
  const groups = useCartGroups();
  if (groups.length === 0) return <EmptyCart />;
  return (
    <>
      <CartList />
      <ExchangeChooser />
      <PendingPrizes />
      <TotalsPanel />
    </>
  );
}
