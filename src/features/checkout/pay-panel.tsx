// 选择支付方式: 余额支付 (only when the balance covers the amount due), 对公转账 (our bank account,
// then "我已转账" marks the order as awaiting our confirmation) and the shop's online gateway
// (GET /api/global/shop_mode `online_pay`: 在线支付（沙箱） in the demo, 支付宝 when configured).
// Refusals go to the SPEC §8 presenter (MutationCache).
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { transferInfoQuery, usePayOrder, walletMoneyQuery } from '../../api/orders-pay';
import { formatPrice } from '../../domain/money';
import { shopModeQuery } from '../../api/common';
import {
  PAY_METHOD_TEXT,
  type OnlinePayMethod,
  type OrderDetail,
  type PayMethod,
  type PayResult,
} from '../../domain/orders';
import { gatewayTarget, sandboxHref, step4Href } from './checkout-urls';
import styles from './pay.module.css';
import { buttonClass } from '../../ui/button';

export const PAY_BUTTON_TEXT: Record<PayMethod, string> = {
  balance: '确认支付',
  transfer: '我已转账',
  sandbox: '前往支付',
  alipay: '前往支付宝支付',
};

export const BALANCE_SHORT_TEXT = '余额不足';

/** Our bank account for 对公转账; shown on step 3 before "我已转账" and on step 4 after it. */
export function TransferAccount({ orderNo }: { orderNo: string }) {
  const info = useQuery(transferInfoQuery());
  if (info.isPending) return <p className={styles.muted}>正在加载收款账户…</p>;
  if (!info.data) return <p className={styles.muted}>收款账户加载失败，请联系客服获取。</p>;
  return (
    <>
      <dl className={styles.bank} aria-label="收款账户">
        <div>
          <dt>收款户名</dt>
          <dd>{info.data.account_name}</dd>
        </div>
        <div>
          <dt>开户银行</dt>
          <dd>{info.data.bank}</dd>
        </div>
        <div>
          <dt>银行账号</dt>
          <dd className={styles.accountNo}>{info.data.account_no}</dd>
        </div>
        <div>
          <dt>转账备注</dt>
          <dd>{orderNo}</dd>
        </div>
      </dl>
      <p className={styles.muted}>
        请使用企业对公账户转账，并在转账备注中填写订单编号 {orderNo}。财务确认到账后订单自动转为待发货。
      </p>
    </>
  );
}

export function PayPanel({ order, disabled = false }: { order: OrderDetail; disabled?: boolean }) {
  const router = useRouter();
  const name = useId();
  const wallet = useQuery(walletMoneyQuery());
  const pay = usePayOrder();
  const [chosen, setChosen] = useState<PayMethod | null>(null);
  // Until the server's mode is known the demo's sandbox is assumed (a production server refuses
  // it, 422); null there means the shop runs no online gateway.
  const announced = useQuery(shopModeQuery()).data?.online_pay;
  const online: OnlinePayMethod | null = announced === undefined ? 'sandbox' : announced;
  const methods: PayMethod[] = online ? ['balance', 'transfer', online] : ['balance', 'transfer'];

  const due = order.pay_amount;
  const balance = wallet.data?.balance ?? null;
  const balanceEnough = balance !== null && balance >= due;
  // First choice: the transfer already under way, else the balance when it covers the order.
  const preferred: PayMethod =
    order.status === 'awaiting_transfer' ? 'transfer' : balanceEnough ? 'balance' : (online ?? 'transfer');
  // A choice no longer offered (balance fell short, the mode arrived without it) falls back.
  const usable = chosen !== null && methods.includes(chosen) && !(chosen === 'balance' && !balanceEnough);
  const method: PayMethod = usable ? chosen : preferred;

  const go = async () => {
    let result: PayResult;
    try {
      result = await pay.mutateAsync({ id: order.id, method });
    } catch {
      return; // shown by the SPEC §8 presenter
    }
    if (method === 'balance' || method === 'transfer') {
      void router.navigate({ href: step4Href(order.id), replace: true });
      return;
    }
    const target = gatewayTarget(result.gateway_url ?? sandboxHref(result.payment_id));
    if (!target) return;
    if ('external' in target) window.location.assign(target.external);
    else void router.navigate({ href: target.internal });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${name}-title`}>
      <fieldset className={styles.methods} disabled={disabled || pay.isPending}>
        <legend id={`${name}-title`} className={styles.panelTitle}>
          选择支付方式
        </legend>
        {methods.map((m) => {
          const off = m === 'balance' && !balanceEnough;
          const detailId = `${name}-${m}-detail`;
          return (
            <div key={m} className={styles.method} data-checked={method === m || undefined} data-off={off || undefined}>
              <label className={styles.methodLabel}>
                <input
                  type="radio"
                  name={name}
                  value={m}
                  checked={method === m}
                  disabled={off}
                  onChange={() => setChosen(m)}
                  aria-describedby={detailId}
                />
                <span className={styles.methodName}>{PAY_METHOD_TEXT[m]}</span>
              </label>
              <div id={detailId} className={styles.methodDetail}>
                {m === 'balance' &&
                  (balance === null ? (
                    <span className={styles.muted}>{wallet.isPending ? '正在查询余额…' : '余额查询失败'}</span>
                  ) : (
                    <>
                      可用余额 {formatPrice(balance)}
                      {off && <span className={styles.short}>{BALANCE_SHORT_TEXT}</span>}
                    </>
                  ))}
                {m === 'transfer' &&
                  (method === 'transfer' ? (
                    <TransferAccount orderNo={order.order_no} />
                  ) : (
                    <span className={styles.muted}>转账到公司对公账户，财务确认收款后发货</span>
                  ))}
                {m === 'sandbox' && <span className={styles.muted}>演示用在线支付网关，不产生真实扣款</span>}
                {m === 'alipay' && <span className={styles.muted}>跳转到支付宝完成付款，支付成功后订单自动确认</span>}
              </div>
            </div>
          );
        })}
      </fieldset>
      <div className={styles.payBar}>
        <span>
          应付金额 <strong className={styles.due}>{formatPrice(due)}</strong>
        </span>
        <button
          type="button"
          className={buttonClass('danger', { size: 'lg' })}
          onClick={() => void go()}
          disabled={disabled || pay.isPending}
        >
          {pay.isPending ? '处理中…' : PAY_BUTTON_TEXT[method]}
        </button>
      </div>
    </section>
  );
}
