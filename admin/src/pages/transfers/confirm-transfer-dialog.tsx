// 确认收款: the amount as on the bank statement (yuan, checked against what is owed) and the
// bank's reference. The server decides; the dialog shows its field messages.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterTransferConfirmed, confirmTransfer } from '../../api/transfers.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { formatFen, formatPrice, yuanToFen } from '@domain/money.ts';
import type { TransferRow } from '@domain/admin.ts';
import styles from './confirm-transfer-dialog.module.css';

export function ConfirmTransferDialog({ transfer, onClose }: { transfer: TransferRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(formatFen(transfer.amount));
  const [reference, setReference] = useState('');
  const { errors, setErrors, busy, run } = useFormSubmit('确认失败，请稍后重试');

  const submit = async () => {
    const yuan = Number(amount);
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || !(yuan > 0)) {
      setErrors({ amount: '请输入到账金额，最多两位小数' });
      return;
    }
    await run(
      async () => {
        await confirmTransfer(transfer.order_id, yuanToFen(yuan), reference.trim());
        await afterTransferConfirmed(queryClient);
        onClose();
      },
      async (err) => {
        if (err.status === 409) await afterTransferConfirmed(queryClient);
      },
    );
  };

  return (
    <DialogForm
      title={`确认收款：${transfer.order_no}`}
      submitText="确认收款"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className={styles.owed}>
        {transfer.company_name}，应收 {formatPrice(transfer.amount)}
      </p>
      <Field label="到账金额（元）" required error={errors.amount}>
        {(p) => (
          <input {...p} name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        )}
      </Field>
      <Field label="银行流水号" required error={errors.bank_reference}>
        {(p) => (
          <input
            {...p}
            name="bank_reference"
            value={reference}
            maxLength={64}
            onChange={(e) => setReference(e.target.value)}
            autoFocus
          />
        )}
      </Field>
    </DialogForm>
  );
}
