// 确认收款: the amount as on the bank statement (yuan, checked against what is owed) and the
// bank's reference. The server decides; the dialog shows its field messages.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterTransferConfirmed, confirmTransfer } from '../../api/transfers.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Dialog, DialogActions, DialogClose } from '@ui/dialog.tsx';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatFen, formatPrice, yuanToFen } from '@domain/money.ts';
import type { TransferRow } from '@domain/admin.ts';
import styles from './transfers-page.module.css';

export function ConfirmTransferDialog({ transfer, onClose }: { transfer: TransferRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(formatFen(transfer.amount));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const yuan = Number(amount);
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || !(yuan > 0)) {
      setErrors({ amount: '请输入到账金额，最多两位小数' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await confirmTransfer(transfer.order_id, yuanToFen(yuan), reference.trim());
      await afterTransferConfirmed(queryClient);
      onClose();
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(Object.keys(fields).length > 0 ? fields : { form: err.message });
        if (err.status === 409) await afterTransferConfirmed(queryClient);
      } else setErrors({ form: '确认失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`确认收款：${transfer.order_no}`} closeLabel="关闭">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p>
          {transfer.company_name}，应收 {formatPrice(transfer.amount)}
        </p>
        <Field label="到账金额（元）" required error={errors.amount}>
          {(p) => <input {...p} name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </Field>
        <Field label="银行流水号" required error={errors.bank_reference}>
          {(p) => <input {...p} name="bank_reference" value={reference} maxLength={64} onChange={(e) => setReference(e.target.value)} autoFocus />}
        </Field>
        {errors.form && (
          <p role="alert" className={styles.error}>
            {errors.form}
          </p>
        )}
        <DialogActions>
          <DialogClose className={buttonClass('outline')}>取消</DialogClose>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            确认收款
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
