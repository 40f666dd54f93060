// 发放优惠券/现金券: a coupon from the running templates, or a cash voucher of any face value and
// validity, to this company and, optionally, others by their numbers (one grant, one audit row,
// a message to each buyer). One request id per opened dialog, so a double click grants once.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { afterWalletChange, grantableTemplatesQuery, grantCoupons, newRequestId } from '../../api/wallet.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { formatPrice } from '@domain/money.ts';
import { GRANT_COMPANIES_MAX, VOUCHER_DAYS_MAX, yuanInputToFen } from '@domain/admin-wallet.ts';
import styles from './wallet-section.module.css';

type Mode = 'coupon' | 'voucher';

/** "12, 15 18" → [12, 15, 18]; null when anything else is typed. */
export function parseCompanyIds(text: string): number[] | null {
  const parts = text.split(/[\s,，、]+/).filter(Boolean);
  if (!parts.every((p) => /^\d{1,9}$/.test(p))) return null;
  return parts.map(Number);
}

export function GrantDialog({
  companyId,
  companyName,
  onClose,
}: {
  companyId: number;
  companyName: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const templates = useQuery(grantableTemplatesQuery);
  const [requestId] = useState(newRequestId);
  const [mode, setMode] = useState<Mode>('coupon');
  const [templateId, setTemplateId] = useState('');
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('30');
  const [others, setOthers] = useState('');
  const { errors, setErrors, busy, run } = useFormSubmit('发放失败，请稍后重试');
  const coupons = (templates.data ?? []).filter((t) => t.kind === 'coupon');

  const submit = async () => {
    const extra = parseCompanyIds(others);
    const local: Record<string, string> = {};
    if (extra === null) local.company_ids = '企业编号只能是数字，用逗号或空格分隔';
    const fen = yuanInputToFen(amount);
    if (mode === 'coupon' && !templateId) local.template_id = '请选择优惠券';
    if (mode === 'voucher' && (fen === null || fen <= 0)) local.voucher_amount = '请输入现金券面额（元），最多两位小数';
    if (mode === 'voucher' && !/^\d{1,3}$/.test(days.trim()))
      local.valid_days = `请输入有效天数（1-${VOUCHER_DAYS_MAX}）`;
    if (Object.keys(local).length > 0) return setErrors(local);
    const companyIds = [...new Set([companyId, ...(extra ?? [])])];
    await run(async () => {
      const what =
        mode === 'coupon'
          ? { template_id: Number(templateId) }
          : { voucher_amount: fen ?? 0, valid_days: Number(days) };
      await grantCoupons({ ...what, company_ids: companyIds, request_id: requestId });
      await afterWalletChange(queryClient);
      onClose();
    });
  };

  return (
    <DialogForm
      title={`发放优惠券/现金券：${companyName}`}
      submitText="确认发放"
      busy={busy}
      error={errors.form || errors.request_id}
      onSubmit={submit}
      onClose={onClose}
    >
      <fieldset className={styles.choice}>
        <legend>发放内容</legend>
        <label>
          <input type="radio" name="mode" checked={mode === 'coupon'} onChange={() => setMode('coupon')} /> 优惠券
        </label>
        <label>
          <input type="radio" name="mode" checked={mode === 'voucher'} onChange={() => setMode('voucher')} /> 现金券
        </label>
      </fieldset>
      {mode === 'coupon' ? (
        <Field label="优惠券" required error={errors.template_id}>
          {(p) => (
            <select {...p} name="template_id" value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
              <option value="">{templates.isLoading ? '正在加载…' : '请选择'}</option>
              {coupons.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}（{formatPrice(t.amount)}，领取后{t.valid_days}天有效
                  {t.total > 0 ? `，剩余${t.total - t.issued}张` : ''}）
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <div className={styles.formRow}>
          <Field label="面额（元）" required error={errors.voucher_amount ?? errors.template_id}>
            {(p) => (
              <input
                {...p}
                name="voucher_amount"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </Field>
          <Field label="有效天数" required error={errors.valid_days}>
            {(p) => (
              <input
                {...p}
                name="valid_days"
                inputMode="numeric"
                value={days}
                onChange={(e) => setDays(e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
      <Field label={`同时发放给（其他企业编号，逗号分隔，最多${GRANT_COMPANIES_MAX}家）`} error={errors.company_ids}>
        {(p) => (
          <input
            {...p}
            name="company_ids"
            value={others}
            onChange={(e) => setOthers(e.target.value)}
            placeholder="可不填"
          />
        )}
      </Field>
    </DialogForm>
  );
}
