// 新建活动: a flash sale or group buy with its schedule and one goods line per row (goods id,
// activity price in yuan, the group's target or the sale's stock, the per-company cap). The
// server checks everything; its field messages show here.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterPromotionChange, createPromotion } from '../../api/promotions.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { ScheduleFields } from '../../widgets/schedule-fields.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { EntryRows } from '../../widgets/entry-rows.tsx';
import { Field } from '@ui/field.tsx';
import { yuanToFen } from '@domain/money.ts';
import { CONSOLE_PROMOTION_LABELS, type ConsolePromotionKind } from '@domain/admin-promotions.ts';
import styles from './promotions-page.module.css';

interface Row {
  goodsId: string;
  price: string;
  amount: string;
  limit: string;
}

const EMPTY_ROW: Row = { goodsId: '', price: '', amount: '', limit: '' };

/** `datetime-local` text (operator's clock) → seconds; NaN when empty. */
const toSeconds = (local: string) => Math.floor(new Date(local).getTime() / 1000);
const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined);

export function CreatePromotionDialog({ kind, onClose }: { kind: ConsolePromotionKind; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [rows, setRows] = useState<Row[]>([{ ...EMPTY_ROW }]);
  const { errors, setErrors, busy, run } = useFormSubmit('创建失败，请稍后重试');
  const group = kind === 'group';

  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = async () => {
    const badPrice = rows.findIndex((r) => !/^\d+(\.\d{1,2})?$/.test(r.price.trim()) || !(Number(r.price) > 0));
    if (badPrice >= 0) {
      setErrors({ [`goods.${badPrice}.price`]: '请输入活动价（元），最多两位小数' });
      return;
    }
    await run(async () => {
      await createPromotion({
        kind,
        name: name.trim(),
        description: '',
        starts_at: toSeconds(startsAt),
        ends_at: toSeconds(endsAt),
        goods: rows.map((r) => ({
          goods_id: whole(r.goodsId) ?? 0,
          price: yuanToFen(Number(r.price)),
          ...(group ? { quantity: whole(r.amount) } : { stock_limit: whole(r.amount) ?? 0 }),
          per_company_limit: whole(r.limit) ?? 0,
        })),
      });
      await afterPromotionChange(queryClient);
      onClose();
    });
  };

  const rowError = (i: number) =>
    errors[`goods.${i}.goods_id`] ??
    errors[`goods.${i}.price`] ??
    errors[`goods.${i}.quantity`] ??
    errors[`goods.${i}.stock_limit`] ??
    errors[`goods.${i}.per_company_limit`];

  return (
    <DialogForm
      title={`新建${CONSOLE_PROMOTION_LABELS[kind]}活动`}
      submitText="创建活动"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="活动名称" required error={errors.name}>
        {(p) => (
          <input {...p} name="name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} autoFocus />
        )}
      </Field>
      <ScheduleFields
        startsAt={startsAt}
        endsAt={endsAt}
        onStartsAt={setStartsAt}
        onEndsAt={setEndsAt}
        errors={errors}
      />
      <EntryRows
        legend="活动商品"
        items={rows}
        rowClassName={styles.goodsRow}
        rowError={rowError}
        error={errors.goods}
        addText="添加商品"
        onAdd={() => setRows((rs) => [...rs, { ...EMPTY_ROW }])}
        onRemove={(i) => setRows((rs) => rs.filter((_, j) => j !== i))}
      >
        {(r, i) => (
          <>
            <input
              aria-label={`第${i + 1}行 商品编号`}
              placeholder="商品编号"
              inputMode="numeric"
              value={r.goodsId}
              onChange={(e) => setRow(i, { goodsId: e.target.value })}
            />
            <input
              aria-label={`第${i + 1}行 活动价（元）`}
              placeholder="活动价（元）"
              inputMode="decimal"
              value={r.price}
              onChange={(e) => setRow(i, { price: e.target.value })}
            />
            <input
              aria-label={`第${i + 1}行 ${group ? '成团数量' : '活动库存'}`}
              placeholder={group ? '成团数量' : '活动库存（0不限）'}
              inputMode="numeric"
              value={r.amount}
              onChange={(e) => setRow(i, { amount: e.target.value })}
            />
            <input
              aria-label={`第${i + 1}行 每家限购`}
              placeholder="每家限购（0不限）"
              inputMode="numeric"
              value={r.limit}
              onChange={(e) => setRow(i, { limit: e.target.value })}
            />
          </>
        )}
      </EntryRows>
    </DialogForm>
  );
}
