// 新建优惠券: name, amount and threshold (yuan), total and per-store limits, validity after claim,
// and the claim window (Shanghai local times). The server decides; its field messages show here.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterCouponChange, createCoupon } from '../../api/coupons.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { yuanToFen } from '@domain/money.ts';
import grid from '../../widgets/form-grid.module.css';

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** "2026-11-26T10:00" read as Shanghai time → seconds; NaN when blank. */
export const shanghaiInputToSeconds = (v: string): number =>
  v ? Math.floor((Date.parse(`${v}:00Z`) - SHANGHAI_OFFSET_MS) / 1000) : NaN;
const toInput = (ms: number) => new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16);

type Form = Record<
  'name' | 'amount' | 'threshold' | 'total' | 'per_company' | 'valid_days' | 'starts_at' | 'ends_at',
  string
>;

export function NewCouponDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const now = Date.now();
  const [form, setForm] = useState<Form>({
    name: '',
    amount: '',
    threshold: '0',
    total: '1000',
    per_company: '1',
    valid_days: '15',
    starts_at: toInput(now),
    ends_at: toInput(now + 14 * 86_400_000),
  });
  const { errors, setErrors, busy, run } = useFormSubmit('创建失败，请稍后重试');
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async () => {
    const money = /^\d+(\.\d{1,2})?$/;
    const local: Record<string, string> = {};
    if (!money.test(form.amount.trim())) local.amount = '请输入优惠金额，最多两位小数';
    if (!money.test(form.threshold.trim())) local.threshold = '请输入使用门槛，最多两位小数，0为无门槛';
    if (Object.keys(local).length > 0) return setErrors(local);
    await run(async () => {
      await createCoupon({
        name: form.name.trim(),
        amount: yuanToFen(Number(form.amount)),
        threshold: yuanToFen(Number(form.threshold)),
        total: Number(form.total),
        per_company: Number(form.per_company),
        valid_days: Number(form.valid_days),
        starts_at: shanghaiInputToSeconds(form.starts_at),
        ends_at: shanghaiInputToSeconds(form.ends_at),
      });
      await afterCouponChange(queryClient);
      onClose();
    });
  };

  return (
    <DialogForm
      title="新建优惠券"
      submitText="创建"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="名称" required error={errors.name}>
        {(p) => <input {...p} name="name" value={form.name} maxLength={40} onChange={set('name')} autoFocus />}
      </Field>
      <div className={grid.fit}>
        <Field label="优惠金额（元）" required error={errors.amount}>
          {(p) => <input {...p} name="amount" inputMode="decimal" value={form.amount} onChange={set('amount')} />}
        </Field>
        <Field label="使用门槛（元，0为无门槛）" required error={errors.threshold}>
          {(p) => (
            <input {...p} name="threshold" inputMode="decimal" value={form.threshold} onChange={set('threshold')} />
          )}
        </Field>
      </div>
      <div className={grid.fit}>
        <Field label="发放总量（0为不限）" required error={errors.total}>
          {(p) => <input {...p} name="total" inputMode="numeric" value={form.total} onChange={set('total')} />}
        </Field>
        <Field label="每店限领（0为不限）" required error={errors.per_company}>
          {(p) => (
            <input
              {...p}
              name="per_company"
              inputMode="numeric"
              value={form.per_company}
              onChange={set('per_company')}
            />
          )}
        </Field>
        <Field label="领取后有效天数" required error={errors.valid_days}>
          {(p) => (
            <input {...p} name="valid_days" inputMode="numeric" value={form.valid_days} onChange={set('valid_days')} />
          )}
        </Field>
      </div>
      <div className={grid.fit}>
        <Field label="开始领取" required error={errors.starts_at}>
          {(p) => (
            <input {...p} type="datetime-local" name="starts_at" value={form.starts_at} onChange={set('starts_at')} />
          )}
        </Field>
        <Field label="结束领取" required error={errors.ends_at}>
          {(p) => <input {...p} type="datetime-local" name="ends_at" value={form.ends_at} onChange={set('ends_at')} />}
        </Field>
      </div>
    </DialogForm>
  );
}
