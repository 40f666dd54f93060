// /pay/sandbox/:paymentId 在线支付（沙箱）: the built-in demo gateway. It stands where a real
// gateway's cashier page would, says plainly that it is a demo, and either confirms the payment
// (POST pay/sandbox/{id}/confirm, the gateway's idempotent callback) or goes back to step 3.
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { sandboxPaymentQuery, useSandboxConfirm } from '../../api/orders-pay';
import { formatPrice } from '../../domain/money';
import { step3Href, step4Href, useParamId } from './checkout-urls';
import styles from './pay.module.css';
import { PageFrame } from '../../ui/page-frame';
import { buttonClass } from '../../ui/button';

export const SANDBOX_TITLE = '沙箱支付网关（演示）';

export default function SandboxGatewayPage() {
  const router = useRouter();
  const paymentId = useParamId('paymentId');
  const query = useQuery({ ...sandboxPaymentQuery(paymentId ?? 0), enabled: paymentId !== null });
  const payment = query.data;
  const confirm = useSandboxConfirm();
  const settled = payment !== undefined && payment.status !== 'created';

  const pay = () => {
    if (paymentId === null) return;
    confirm.mutate(paymentId, {
      onSuccess: (result) => {
        const orderId = result?.order_id ?? payment?.order_id;
        void router.navigate({ href: orderId ? step4Href(orderId) : '/order', replace: true });
      },
    });
  };
  const cancel = () => void router.navigate({ href: payment ? step3Href(payment.order_id) : '/order', replace: true });

  return (
    <PageFrame aria-labelledby="sandbox-title">
      <div className={styles.gateway}>
        <h1 id="sandbox-title" className={styles.gatewayTitle}>
          {SANDBOX_TITLE}
        </h1>
        <p className={styles.gatewayNote} role="note">
          这是演示环境的模拟支付页面，点击“确认支付”不会产生任何真实扣款。
        </p>
        {paymentId === null || (query.isError && !payment) ? (
          <p className={styles.state}>支付单不存在或已失效</p>
        ) : !payment ? (
          <p className={styles.state} role="status">
            正在加载支付单…
          </p>
        ) : (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>订单编号</dt>
                <dd>{payment.order_no}</dd>
              </div>
              <div>
                <dt>支付金额</dt>
                <dd className={styles.due}>{formatPrice(payment.amount)}</dd>
              </div>
            </dl>
            {settled && (
              <p className={styles.countdown} role="status">
                {payment.status === 'succeeded' ? (
                  <>
                    该支付单已支付成功。<Link to={step4Href(payment.order_id)}>查看支付结果</Link>
                  </>
                ) : (
                  '该支付单已关闭，请返回订单重新发起支付。'
                )}
              </p>
            )}
          </>
        )}
        <div className={styles.links}>
          <button type="button" className={buttonClass('secondary')} onClick={cancel} disabled={confirm.isPending}>
            取消
          </button>
          <button
            type="button"
            className={buttonClass('danger', { size: 'lg' })}
            onClick={pay}
            disabled={!payment || settled || confirm.isPending}
          >
            {confirm.isPending ? '正在支付…' : '确认支付'}
          </button>
        </div>
      </div>
    </PageFrame>
  );
}
