// /cart/step3/:id (alias /cart_step3/:id) 支付订单 (SPEC §2 cart step 3).
import { useParamId } from './checkout-urls';
import { PayScreen } from './pay-screen';

export default function PayPage() {
  return <PayScreen orderId={useParamId('id')} kind="normal" />;
}
