// /cart/hm?id= (alias /cart_hm) 支付订单 for orders with 含麻黄碱 goods (SPEC §2, shown as step 3):
// the buyer's registration first, then the same payment methods as step 3.
import { useSearchOrderId } from './checkout-urls';
import { PayScreen } from './pay-screen';

export default function EphedrinePayPage() {
  return <PayScreen orderId={useSearchOrderId()} kind="ephedrine" />;
}
