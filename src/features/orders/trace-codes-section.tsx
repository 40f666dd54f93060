// 药品追溯码 on the order detail (issue 34 §2): per line, the count against the quantity and the
// codes behind a collapsed toggle; the download as CSV or Excel; and 扫码验货 to check the boxes
// received against the shipment (receipt-check-dialog.tsx). Shown once any line carries codes.
import { useState } from 'react';
import type { OrderDetail } from '../../domain/orders';
import { buttonClass } from '../../ui/button';
import { ReceiptCheckDialog } from './receipt-check-dialog';
import styles from './orders.module.css';

export const traceCodesHref = (orderId: number, format: 'csv' | 'xlsx') =>
  `/api/order/${orderId}/trace_codes?format=${format}`;

export function TraceCodes({ order, offline = false }: { order: OrderDetail; offline?: boolean }) {
  const [checking, setChecking] = useState(false);
  const lines = order.lines.filter((l) => (l.trace_codes ?? []).length > 0);
  if (lines.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="order-trace-codes">
      <h2 id="order-trace-codes" className={styles.sectionTitle}>
        药品追溯码
      </h2>
      <div className={styles.traceActions}>
        <button type="button" className={buttonClass('primary', { size: 'sm' })} onClick={() => setChecking(true)}>
          扫码验货
        </button>
        {!offline && (
          <>
            <a className={buttonClass('outline', { size: 'sm' })} href={traceCodesHref(order.id, 'csv')} download>
              下载CSV
            </a>
            <a className={buttonClass('outline', { size: 'sm' })} href={traceCodesHref(order.id, 'xlsx')} download>
              下载Excel
            </a>
          </>
        )}
      </div>
      {lines.map((l) => {
        const codes = l.trace_codes ?? [];
        return (
          <details key={l.id} className={styles.traceLine}>
            <summary>
              {l.name} · 批号 {l.batch_no || '—'} · 追溯码 {codes.length}/{l.number}
              {l.bzdw}
            </summary>
            <ol className={styles.codeList} aria-label={`${l.name}的追溯码`}>
              {codes.map((c) => (
                <li key={c} className={styles.mono}>
                  {c}
                </li>
              ))}
            </ol>
          </details>
        );
      })}
      <ReceiptCheckDialog order={order} open={checking} onClose={() => setChecking(false)} />
    </section>
  );
}
