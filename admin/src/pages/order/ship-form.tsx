// 发货: carrier, tracking number and, for every line, the batch it leaves from (the goods'
// batches, or the batch it was sold from) and the 药品追溯码 of its boxes (typed or scanned, one per
// Enter). The server checks everything and answers per field, per code.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterOrderMoved, shipOrder } from '../../api/orders.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { CARRIER_MAX, type AdminOrderDetail, type ShippableBatch } from '@domain/admin-orders.ts';
import { TraceCodeInput } from './trace-code-input.tsx';
import styles from './order-page.module.css';

/** A line's choices: its goods' batches, plus the batch it was sold from when that is not among them. */
export function batchChoices(
  detail: AdminOrderDetail,
  lineId: number,
  soldBatch: string,
  soldExpires: string,
): ShippableBatch[] {
  const known = detail.batches[String(lineId)] ?? [];
  if (soldBatch === '' || known.some((b) => b.batch_no === soldBatch)) return known;
  return [{ batch_no: soldBatch, expires_on: soldExpires || null }, ...known];
}

/** The server's messages for line `i`'s codes: per code index, and `line` for the count. */
function codeErrorsOf(errors: Record<string, string>, i: number): Record<string, string> {
  const prefix = `lines.${i}.trace_codes`;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
    if (k === prefix) out.line = v;
    else if (k.startsWith(`${prefix}.`)) out[k.slice(prefix.length + 1)] = v;
  }
  return out;
}

export function ShipForm({ detail }: { detail: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const lines = detail.order.lines;
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [batches, setBatches] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      lines.map((l) => [l.id, batchChoices(detail, l.id, l.batch_no, l.expires_on)[0]?.batch_no ?? '']),
    ),
  );
  const [codes, setCodes] = useState<Record<number, string[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await shipOrder(detail.order.id, {
        carrier: carrier.trim(),
        tracking_no: tracking.trim(),
        lines: lines.map((l) => ({
          order_line_id: l.id,
          batch_no: batches[l.id] ?? '',
          trace_codes: codes[l.id] ?? [],
        })),
      });
      await afterOrderMoved(queryClient);
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(Object.keys(fields).length > 0 ? fields : { form: err.message });
        if (err.status === 409) await afterOrderMoved(queryClient);
      } else setErrors({ form: '发货失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="发货">
      <div className={styles.formRow}>
        <Field label="承运商" required error={errors.carrier}>
          {(p) => (
            <input
              {...p}
              name="carrier"
              value={carrier}
              maxLength={CARRIER_MAX}
              list="carriers"
              onChange={(e) => setCarrier(e.target.value)}
            />
          )}
        </Field>
        <datalist id="carriers">
          {['顺丰速运', '京东物流', '中通快递', '圆通速递', '德邦物流', '自有配送'].map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Field label="运单号" required error={errors.tracking_no}>
          {(p) => (
            <input
              {...p}
              name="tracking_no"
              value={tracking}
              maxLength={32}
              onChange={(e) => setTracking(e.target.value)}
            />
          )}
        </Field>
      </div>
      <table className={styles.table}>
        <caption className={styles.muted}>发货批号</caption>
        <thead>
          <tr>
            <th scope="col">商品</th>
            <th scope="col">数量</th>
            <th scope="col">批号 / 效期</th>
            <th scope="col">药品追溯码（选填，每个包装单位一个）</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const choices = batchChoices(detail, l.id, l.batch_no, l.expires_on);
            const error = errors[`lines.${i}.batch_no`];
            return (
              <tr key={l.id}>
                <td>{l.name}</td>
                <td>
                  {l.number}
                  {l.bzdw}
                </td>
                <td>
                  <select
                    aria-label={`${l.name}的批号`}
                    value={batches[l.id] ?? ''}
                    onChange={(e) => setBatches({ ...batches, [l.id]: e.target.value })}
                  >
                    {choices.length === 0 && <option value="">无可选批号</option>}
                    {choices.map((b) => (
                      <option key={b.batch_no} value={b.batch_no}>
                        {b.batch_no}（效期至 {b.expires_on ?? '—'}）
                      </option>
                    ))}
                  </select>
                  {error && <p className={styles.error}>{error}</p>}
                </td>
                <td>
                  <TraceCodeInput
                    lineName={l.name}
                    units={l.number}
                    unit={l.bzdw}
                    codes={codes[l.id] ?? []}
                    elsewhere={new Set(lines.filter((x) => x.id !== l.id).flatMap((x) => codes[x.id] ?? []))}
                    onChange={(next) => setCodes({ ...codes, [l.id]: next })}
                    serverErrors={codeErrorsOf(errors, i)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(errors.lines || errors.form) && (
        <p role="alert" className={styles.error}>
          {errors.lines ?? errors.form}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          确认发货
        </button>
      </div>
    </form>
  );
}
