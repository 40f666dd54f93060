// 新建活动: a flash sale or group buy with its schedule and one goods line per row (goods id,
// activity price in yuan, the group's target or the sale's stock, the per-company cap). The
// server checks everything; its field messages show here.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterPromotionChange, createPromotion } from '../../api/promotions.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Dialog, DialogActions, DialogClose } from '@ui/dialog.tsx';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const group = kind === 'group';

  const setRow = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const badPrice = rows.findIndex((r) => !/^\d+(\.\d{1,2})?$/.test(r.price.trim()) || !(Number(r.price) > 0));
    if (badPrice >= 0) {
      setErrors({ [`goods.${badPrice}.price`]: '请输入活动价（元），最多两位小数' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
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
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(Object.keys(fields).length > 0 ? fields : { form: err.message });
      } else setErrors({ form: '创建失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };

  const rowError = (i: number) =>
    errors[`goods.${i}.goods_id`] ?? errors[`goods.${i}.price`] ?? errors[`goods.${i}.quantity`] ?? errors[`goods.${i}.stock_limit`] ?? errors[`goods.${i}.per_company_limit`];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`新建${CONSOLE_PROMOTION_LABELS[kind]}活动`} closeLabel="关闭">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field label="活动名称" required error={errors.name}>
          {(p) => <input {...p} name="name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} autoFocus />}
        </Field>
        <div className={styles.times}>
          <Field label="开始时间" required error={errors.starts_at}>
            {(p) => <input {...p} type="datetime-local" name="starts_at" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />}
          </Field>
          <Field label="结束时间" required error={errors.ends_at}>
            {(p) => <input {...p} type="datetime-local" name="ends_at" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />}
          </Field>
        </div>
        <fieldset className={styles.goods}>
          <legend>活动商品</legend>
          {rows.map((r, i) => (
            <div key={i} className={styles.goodsRow}>
              <input aria-label={`第${i + 1}行 商品编号`} placeholder="商品编号" inputMode="numeric" value={r.goodsId} onChange={(e) => setRow(i, { goodsId: e.target.value })} />
              <input aria-label={`第${i + 1}行 活动价（元）`} placeholder="活动价（元）" inputMode="decimal" value={r.price} onChange={(e) => setRow(i, { price: e.target.value })} />
              <input
                aria-label={`第${i + 1}行 ${group ? '成团数量' : '活动库存'}`}
                placeholder={group ? '成团数量' : '活动库存（0不限）'}
                inputMode="numeric"
                value={r.amount}
                onChange={(e) => setRow(i, { amount: e.target.value })}
              />
              <input aria-label={`第${i + 1}行 每家限购`} placeholder="每家限购（0不限）" inputMode="numeric" value={r.limit} onChange={(e) => setRow(i, { limit: e.target.value })} />
              {rows.length > 1 && (
                <button type="button" className={buttonClass('link')} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                  删除
                </button>
              )}
              {rowError(i) && (
                <p role="alert" className={styles.error}>
                  {rowError(i)}
                </p>
              )}
            </div>
          ))}
          {errors.goods && (
            <p role="alert" className={styles.error}>
              {errors.goods}
            </p>
          )}
          <button type="button" className={buttonClass('outline', { size: 'sm' })} onClick={() => setRows((rs) => [...rs, { ...EMPTY_ROW }])}>
            添加商品
          </button>
        </fieldset>
        {errors.form && (
          <p role="alert" className={styles.error}>
            {errors.form}
          </p>
        )}
        <DialogActions>
          <DialogClose className={buttonClass('outline')}>取消</DialogClose>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            创建活动
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
