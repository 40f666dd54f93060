// 调整余额: credit or debit in yuan with the reason the buyer reads. The request id is made once
// when the dialog opens, so a double click or a retry after a lost answer applies once; the
// server's refusals (a debit beyond the balance …) show on their fields.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adjustBalance, afterWalletChange, newRequestId } from '../../api/wallet.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { formatPrice } from '@domain/money.ts';
import {
  ADJUST_DIRECTION_TEXT,
  ADJUST_DIRECTIONS,
  ADJUST_REASON_MAX,
  balanceAfterAdjust,
  DEBIT_BEYOND_BALANCE,
  yuanInputToFen,
  type AdjustDirection,
} from '@domain/admin-wallet.ts';
import styles from './wallet-section.module.css';

export interface AdjustBalanceDialogProps {
  companyId: number;
  companyName: string;
  balance: number;
  onClose: () => void;
}

export function AdjustBalanceDialog({ companyId, companyName, balance, onClose }: AdjustBalanceDialogProps) {
  const queryClient = useQueryClient();
  const [requestId] = useState(newRequestId);
  const [direction, setDirection] = useState<AdjustDirection>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { errors, setErrors, busy, run } = useFormSubmit('调整失败，请稍后重试');

  const submit = async () => {
    const fen = yuanInputToFen(amount);
    if (fen === null || fen <= 0) return setErrors({ amount: '请输入调整金额（元），最多两位小数' });
    if (balanceAfterAdjust(balance, direction, fen) === null)
      return setErrors({ amount: `${DEBIT_BEYOND_BALANCE}（当前余额${formatPrice(balance)}）` });
    await run(async () => {
      await adjustBalance(companyId, { direction, amount: fen, reason: reason.trim(), request_id: requestId });
      await afterWalletChange(queryClient);
      onClose();
    });
  };

  return (
    <DialogForm
      title={`调整余额：${companyName}`}
      submitText="确认调整"
      busy={busy}
      error={errors.form || errors.request_id || errors.direction}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className={styles.muted}>当前余额 {formatPrice(balance)}</p>
      <fieldset className={styles.choice}>
        <legend>调整方向</legend>
        {ADJUST_DIRECTIONS.map((d) => (
          <label key={d}>
            <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} />{' '}
            {ADJUST_DIRECTION_TEXT[d]}
          </label>
        ))}
      </fieldset>
      <Field label="金额（元）" required error={errors.amount}>
        {(p) => (
          <input
            {...p}
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <Field label="调整原因（买家可见）" required error={errors.reason}>
        {(p) => (
          <textarea
            {...p}
            name="reason"
            rows={3}
            maxLength={ADJUST_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
    </DialogForm>
  );
}
