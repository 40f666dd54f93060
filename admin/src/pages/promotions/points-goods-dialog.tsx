// 新建 / 编辑 a points goods: name, description, picture, points, cash part (yuan, sent in fen),
// stock, per-company cap, order, on sale. Checked with the server's own rule first.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterPointsGoodsChange, createPointsGoods, updatePointsGoods } from '../../api/promotion-rules.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { yuanToFen } from '@domain/money.ts';
import { adminPointsGoodsInput, type AdminPointsGoodsRow } from '@domain/admin-points-goods.ts';
import grid from '../../widgets/form-grid.module.css';

const YUAN = /^\d+(\.\d{1,2})?$/;

export function PointsGoodsDialog({
  existing,
  onClose,
}: {
  existing: AdminPointsGoodsRow | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    name: existing?.name ?? '',
    description: existing?.description ?? '',
    image: existing?.image ?? '',
    points: existing ? String(existing.points) : '',
    cash: existing ? (existing.cash_price / 100).toFixed(2).replace(/\.00$/, '') : '0',
    stock: existing ? String(existing.stock) : '',
    per_company_limit: existing ? String(existing.per_company_limit) : '0',
    sort: existing ? String(existing.sort) : '0',
    is_on_sale: existing?.is_on_sale ?? true,
  });
  const { errors, setErrors, busy, run } = useFormSubmit('保存失败，请稍后重试');
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    if (!YUAN.test(form.cash.trim())) return setErrors({ cash_price: '请输入金额（元），最多两位小数' });
    const { cash, ...rest } = form;
    const body = { ...rest, cash_price: yuanToFen(Number(cash)) };
    const checked = adminPointsGoodsInput.safeParse(body);
    if (!checked.success) {
      const local: Record<string, string> = {};
      for (const issue of checked.error.issues) local[String(issue.path[0] ?? 'form')] ??= issue.message;
      return setErrors(local);
    }
    await run(async () => {
      if (existing) await updatePointsGoods(existing.id, body);
      else await createPointsGoods(body);
      await afterPointsGoodsChange(queryClient);
      onClose();
    });
  };

  return (
    <DialogForm
      title={existing ? `编辑积分商品：${existing.name}` : '新建积分商品'}
      submitText={existing ? '保存' : '创建'}
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="商品名称" required error={errors.name}>
        {(p) => (
          <input
            {...p}
            name="name"
            value={form.name}
            maxLength={60}
            onChange={(e) => set({ name: e.target.value })}
            autoFocus
          />
        )}
      </Field>
      <Field label="商品说明" error={errors.description}>
        {(p) => (
          <textarea
            {...p}
            name="description"
            rows={2}
            value={form.description}
            maxLength={300}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </Field>
      <Field label="图片地址" error={errors.image}>
        {(p) => <input {...p} name="image" value={form.image} onChange={(e) => set({ image: e.target.value })} />}
      </Field>
      <div className={grid.pair}>
        <Field label="所需积分" required error={errors.points}>
          {(p) => (
            <input
              {...p}
              name="points"
              inputMode="numeric"
              value={form.points}
              onChange={(e) => set({ points: e.target.value })}
            />
          )}
        </Field>
        <Field label="现金部分（元，0为纯积分）" error={errors.cash_price}>
          {(p) => (
            <input
              {...p}
              name="cash"
              inputMode="decimal"
              value={form.cash}
              onChange={(e) => set({ cash: e.target.value })}
            />
          )}
        </Field>
        <Field label="库存" required error={errors.stock}>
          {(p) => (
            <input
              {...p}
              name="stock"
              inputMode="numeric"
              value={form.stock}
              onChange={(e) => set({ stock: e.target.value })}
            />
          )}
        </Field>
        <Field label="每家限兑（0不限）" error={errors.per_company_limit}>
          {(p) => (
            <input
              {...p}
              name="per_company_limit"
              inputMode="numeric"
              value={form.per_company_limit}
              onChange={(e) => set({ per_company_limit: e.target.value })}
            />
          )}
        </Field>
        <Field label="排序（小的在前）" error={errors.sort}>
          {(p) => (
            <input
              {...p}
              name="sort"
              inputMode="numeric"
              value={form.sort}
              onChange={(e) => set({ sort: e.target.value })}
            />
          )}
        </Field>
      </div>
      <label className={grid.check}>
        <input type="checkbox" checked={form.is_on_sale} onChange={(e) => set({ is_on_sale: e.target.checked })} />
        上架
      </label>
    </DialogForm>
  );
}
