// 扫码验货 (issue 34 §2): on receipt the buyer scans each box — USB scanner or typed (one code per
// Enter) or the camera — and each code is checked against the shipment's 追溯码: in it (已核对),
// not in it (不属于本订单), scanned twice (重复扫码); the codes not yet scanned are listed. Works
// from whatever copy of the order the page has, the device's own when the server is unreachable:
// nothing here calls the server.
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import type { OrderDetail } from '../../domain/orders';
import { checkReceipt, RECEIPT_VERDICT_TEXT, type ShippedCode } from '../../domain/trace-codes';
import { buttonClass } from '../../ui/button';
import { Dialog, DialogActions, DialogClose } from '../../ui/dialog';
import styles from './orders.module.css';

const CameraScanner = lazy(() =>
  import('../../widgets/barcode-scanner/camera-scanner').catch(() => ({
    default: () => (
      <p className={styles.error} role="alert">
        扫码组件加载失败，请使用扫码枪或手动输入追溯码
      </p>
    ),
  })),
);

const CAMERA_HINT = '将药盒上的追溯码条码对准画面，识别后自动核对';

/** The shipment's codes, each with the line it shipped on. */
export function shippedCodes(order: OrderDetail): ShippedCode[] {
  return order.lines.flatMap((l) => (l.trace_codes ?? []).map((code) => ({ code, line_id: l.id, name: l.name })));
}

export function ReceiptCheckDialog({
  order,
  open,
  onClose,
}: {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const shipped = useMemo(() => shippedCodes(order), [order]);
  const [scanned, setScanned] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [camera, setCamera] = useState(false);
  const check = useMemo(() => checkReceipt(shipped, scanned), [shipped, scanned]);
  const flagged = check.scans.filter((s) => s.verdict !== 'ok').length;

  const add = (code: string) => {
    if (code.trim() === '') return;
    setScanned((list) => [...list, code.trim()]);
  };
  // A USB scanner types the code and Enter: the form submits once per box.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add(draft);
    setDraft('');
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="扫码验货"
      closeLabel="关闭"
      widthPx={560}
      describedBy="receipt-summary"
    >
      <form className={styles.receiptForm} onSubmit={submit}>
        <input
          aria-label="追溯码"
          placeholder="扫码枪扫码或输入追溯码后按回车"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className={buttonClass('secondary', { size: 'sm' })}>
          核对
        </button>
        <button
          type="button"
          className={buttonClass('outline', { size: 'sm' })}
          aria-pressed={camera}
          onClick={() => setCamera(!camera)}
        >
          {camera ? '关闭摄像头' : '摄像头扫码'}
        </button>
      </form>
      {camera && (
        <Suspense fallback={<p className={styles.muted}>正在加载扫码组件…</p>}>
          <CameraScanner onCode={add} hint={CAMERA_HINT} />
        </Suspense>
      )}
      <p id="receipt-summary" role="status" className={flagged > 0 ? styles.warn : styles.muted}>
        已核对 {check.matched}/{check.total} 盒{flagged > 0 ? `，${flagged} 次扫码有问题` : ''}
        {check.total > 0 && check.missing.length === 0 ? '，全部到齐' : ''}
      </p>
      {check.scans.length > 0 && (
        <ol className={styles.scanList} aria-label="扫码记录" reversed>
          {[...check.scans].reverse().map((s, i) => (
            <li key={check.scans.length - i} data-verdict={s.verdict}>
              <span className={styles.mono}>{s.code}</span> <strong>{RECEIPT_VERDICT_TEXT[s.verdict]}</strong>
              {s.name && <span className={styles.muted}> {s.name}</span>}
            </li>
          ))}
        </ol>
      )}
      {check.missing.length > 0 && (
        <details className={styles.missing}>
          <summary>未扫到的追溯码（{check.missing.length}）</summary>
          <ul aria-label="未扫到的追溯码">
            {check.missing.map((m) => (
              <li key={m.code}>
                <span className={styles.mono}>{m.code}</span> <span className={styles.muted}>{m.name}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <DialogActions>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => setScanned([])}
          disabled={scanned.length === 0}
        >
          重新验货
        </button>
        <DialogClose className={buttonClass('primary')}>完成</DialogClose>
      </DialogActions>
    </Dialog>
  );
}
