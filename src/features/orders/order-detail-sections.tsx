// The blocks of the order detail page: progress timeline, delivery/invoice/payment facts, the
// lines with batch and expiry (what a pharmacy checks on receipt), the amount breakdown,
// logistics and related after-sales.
import type { ReactNode } from 'react';
import type { OrderDetail } from '../../domain/orders';
import { ORDER_STATUS_TEXT, PAY_METHOD_TEXT } from '../../domain/orders';
import { formatPrice } from '../../domain/money';
import { GoodsImage } from '../../ui/goods/goods-image';
import { AFTER_SALE_KIND_TEXT, afterSaleStatusText } from './after-sale-text';
import { maskIdCard } from '../../domain/id-card';
import { formatDateTime } from '../../domain/time';
import { deliveryNotePath } from '../../domain/papers';
import { afterSaleHref, payHref } from './order-links';
import { SpaLink } from '../../ui/spa-link';
import { addressText } from '../../widgets/address/address-rules';
import styles from './orders.module.css';
import { DataTable } from '../../ui/data-table';
import { TagBadges } from '../../ui/goods/tag-badges';

const INVOICE_KIND_TEXT = { none: '不开发票', normal: '普通发票', special: '增值税专用发票' } as const;
/** Payment statuses the server answers (created, succeeded, failed, cancelled, refunded). */
const PAYMENT_STATUS_TEXT: Readonly<Record<string, string>> = {
  created: '待支付',
  pending: '待确认',
  succeeded: '已支付',
  paid: '已支付',
  failed: '支付失败',
  cancelled: '已取消',
  refunded: '已退款',
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Timeline({ order }: { order: OrderDetail }) {
  const events = [...order.history].sort((a, b) => a.time - b.time);
  if (events.length === 0) return null;
  return (
    <Section id="order-timeline" title="订单进度">
      <ol className={styles.timeline}>
        {events.map((e, i) => (
          <li key={`${e.time}-${i}`} aria-current={i === events.length - 1 ? 'step' : undefined}>
            <span className={styles.timelineText}>{e.text || ORDER_STATUS_TEXT[e.status]}</span>
            <time className={styles.muted}>{formatDateTime(e.time, 'seconds')}</time>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

export function OrderFacts({ order }: { order: OrderDetail }) {
  const a = order.address;
  const inv = order.invoice;
  return (
    <div className={styles.factsGrid}>
      <Section id="order-address" title="收货信息">
        <dl className={styles.facts}>
          <Fact label="收货人">{a.consignee}</Fact>
          <Fact label="联系电话">{a.phone}</Fact>
          <Fact label="收货地址">{addressText(a)}</Fact>
          {order.remark && <Fact label="订单备注">{order.remark}</Fact>}
        </dl>
      </Section>
      <Section id="order-invoice" title="发票信息">
        {!inv || inv.kind === 'none' ? (
          <p className={styles.muted}>不开发票</p>
        ) : (
          <dl className={styles.facts}>
            <Fact label="发票类型">{INVOICE_KIND_TEXT[inv.kind]}</Fact>
            <Fact label="发票抬头">{inv.title}</Fact>
            {inv.tax_no && <Fact label="纳税人识别号">{inv.tax_no}</Fact>}
            {inv.email && <Fact label="接收邮箱">{inv.email}</Fact>}
          </dl>
        )}
      </Section>
      <Section id="order-payment" title="支付信息">
        <dl className={styles.facts}>
          <Fact label="支付方式">{order.pay_method ? PAY_METHOD_TEXT[order.pay_method] : '未支付'}</Fact>
          {order.payments.map((p) => (
            <Fact key={p.id} label={PAY_METHOD_TEXT[p.method]}>
              {formatPrice(p.amount)} · {PAYMENT_STATUS_TEXT[p.status] ?? p.status} ·{' '}
              {formatDateTime(p.created_at, 'seconds')}
            </Fact>
          ))}
        </dl>
      </Section>
      {order.has_ephedrine === 1 && (
        <Section id="order-ephedrine" title="含麻药品购买人">
          {order.ephedrine_receipt ? (
            <dl className={styles.facts}>
              <Fact label="购买人">{order.ephedrine_receipt.buyer_name}</Fact>
              <Fact label="身份证号">{maskIdCard(order.ephedrine_receipt.id_card)}</Fact>
              <Fact label="联系电话">{order.ephedrine_receipt.phone}</Fact>
            </dl>
          ) : (
            <p className={styles.muted}>
              尚未登记购买人信息
              {order.can.pay && (
                <>
                  ，<SpaLink href={payHref(order)}>去登记并支付</SpaLink>
                </>
              )}
            </p>
          )}
        </Section>
      )}
    </div>
  );
}

export function OrderLinesTable({ order }: { order: OrderDetail }) {
  return (
    <Section id="order-lines" title="商品清单">
      <DataTable columns={['商品', '批号', '有效期至', '单价', '数量', '小计', '售后']}>
        {order.lines.map((line) => (
          <tr key={line.id}>
            <td>
              <div className={styles.lineGoods}>
                <GoodsImage src={line.goods_image} alt="" size={48} />
                <div>
                  {line.is_gift === 1 && <TagBadges tags={['赠']} />}
                  {line.is_exchange === 1 && <TagBadges tags={['换购']} />}
                  {line.is_prize === 1 && <TagBadges tags={['奖品']} />}
                  <SpaLink href={`/list/info/${line.goods_id}`} className={styles.lineName}>
                    {line.name}
                  </SpaLink>
                  <p className={styles.muted}>
                    {line.ypgg} {line.sccj}
                  </p>
                </div>
              </div>
            </td>
            <td className={styles.mono}>{line.batch_no || '—'}</td>
            <td className={styles.mono}>{line.expires_on || '—'}</td>
            <td>{formatPrice(line.price)}</td>
            <td>
              {line.number}
              {line.bzdw}
            </td>
            <td>{formatPrice(line.amount)}</td>
            <td>{line.returned_number > 0 ? `已售后 ${line.returned_number}${line.bzdw}` : '—'}</td>
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}

export function AmountBreakdown({ order }: { order: OrderDetail }) {
  const m = order.amounts;
  const minus = (fen: number) => `-${formatPrice(fen)}`;
  return (
    <Section id="order-amounts" title="金额明细">
      <dl className={styles.amounts}>
        <Fact label="商品金额">{formatPrice(m.goods_amount)}</Fact>
        {m.manjian_amount > 0 && <Fact label="满减优惠">{minus(m.manjian_amount)}</Fact>}
        {m.coupon_amount > 0 && <Fact label="优惠券">{minus(m.coupon_amount)}</Fact>}
        {m.voucher_amount > 0 && <Fact label="现金券">{minus(m.voucher_amount)}</Fact>}
        <Fact label="运费">{m.shipping_amount > 0 ? `+${formatPrice(m.shipping_amount)}` : '免运费'}</Fact>
        {m.balance_amount > 0 && <Fact label="余额抵扣">{minus(m.balance_amount)}</Fact>}
        {m.points_used > 0 && <Fact label="使用积分">{m.points_used} 积分</Fact>}
        <Fact label="应付金额">
          <strong className={styles.price}>{formatPrice(m.pay_amount)}</strong>
        </Fact>
        <Fact label="已付金额">{formatPrice(m.paid_amount)}</Fact>
      </dl>
    </Section>
  );
}

export function Logistics({ order }: { order: OrderDetail }) {
  return (
    <Section id="order-logistics" title="物流信息">
      {order.logistics.length > 0 && (
        // Kept on the device for an inspector (papers-v1, src/api/papers.ts): opens offline too.
        <ul className={styles.plainList}>
          <li>
            <a href={deliveryNotePath(order.id)} target="_blank" rel="noopener noreferrer">
              查看随货同行单
            </a>
          </li>
        </ul>
      )}
      {order.logistics.length === 0 ? (
        <p className={styles.muted}>商品出库后可在这里查看物流信息</p>
      ) : (
        order.logistics.map((pkg, i) => {
          const events = [...pkg.events].sort((a, b) => b.time - a.time);
          return (
            <div key={`${pkg.tracking_no}-${i}`} className={styles.package}>
              <p className={styles.packageHead}>
                {order.logistics.length > 1 && <span>包裹{i + 1} · </span>}
                {pkg.carrier} 运单号：<span className={styles.mono}>{pkg.tracking_no}</span>
              </p>
              {events.length === 0 ? (
                <p className={styles.muted}>暂无物流轨迹</p>
              ) : (
                <ol className={styles.track} aria-label={`${pkg.carrier} ${pkg.tracking_no} 物流轨迹`}>
                  {events.map((e, j) => (
                    <li key={`${e.time}-${j}`}>
                      <time className={styles.muted}>{formatDateTime(e.time, 'seconds')}</time>
                      <span>{e.text}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          );
        })
      )}
    </Section>
  );
}

export function RelatedAfterSales({ order }: { order: OrderDetail }) {
  if (order.after_sales.length === 0) return null;
  return (
    <Section id="order-after-sales" title="售后记录">
      <ul className={styles.plainList}>
        {order.after_sales.map((a) => (
          <li key={a.id}>
            <SpaLink href={afterSaleHref(a)}>
              {AFTER_SALE_KIND_TEXT[a.kind]}申请 #{a.id}
            </SpaLink>
            <span className={styles.status}>{afterSaleStatusText(a)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
