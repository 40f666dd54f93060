// 新建抽奖活动: name, rules, window (schedule), free chances and the order amount that earns one,
// and the prizes (kind, coupon template id or points, weight, stock). The server checks it all
// and its field messages show at the fields.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterDrawChange, createDraw, type DrawFormPrize } from '../../api/draws.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import styles from './draws-page.module.css';
import grid from '../../widgets/form-grid.module.css';

const blankPrize = (kind: DrawFormPrize['kind']): DrawFormPrize => ({
  name: kind === 'none' ? '谢谢参与' : '',
  remarks: '',
  kind,
  ref_id: '',
  weight: kind === 'none' ? '20' : '10',
  stock: kind === 'none' ? '0' : '100',
});

const localInput = (ms: number) => new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export function CreateDrawDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [rules, setRules] = useState('');
  const [startsAt, setStartsAt] = useState(localInput(Date.now()));
  const [endsAt, setEndsAt] = useState(localInput(Date.now() + 14 * 86_400_000));
  const [free, setFree] = useState('1');
  const [orderMin, setOrderMin] = useState('1000');
  const [prizes, setPrizes] = useState<DrawFormPrize[]>([blankPrize('coupon'), blankPrize('none')]);
  const { errors, busy, run } = useFormSubmit('保存失败，请稍后重试');

  const setPrize = (i: number, patch: Partial<DrawFormPrize>) =>
    setPrizes((all) => all.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  const submit = async () => {
    await run(async () => {
      await createDraw({
        name,
        rules,
        starts_at: new Date(startsAt).getTime(),
        ends_at: new Date(endsAt).getTime(),
        times_per_company: free,
        order_min_yuan: orderMin,
        prizes,
      });
      await afterDrawChange(queryClient);
      onClose();
    });
  };

  return (
    <DialogForm
      title="新建抽奖活动"
      widthPx={720}
      submitText="创建"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="活动名称" required error={errors.name}>
        {(p) => (
          <input {...p} name="name" value={name} maxLength={30} onChange={(e) => setName(e.target.value)} autoFocus />
        )}
      </Field>
      <Field label="活动规则" error={errors.rules}>
        {(p) => (
          <textarea
            {...p}
            name="rules"
            value={rules}
            maxLength={500}
            rows={3}
            onChange={(e) => setRules(e.target.value)}
          />
        )}
      </Field>
      <div className={grid.pair}>
        <Field label="开始时间" required error={errors.starts_at}>
          {(p) => <input {...p} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />}
        </Field>
        <Field label="结束时间" required error={errors.ends_at}>
          {(p) => <input {...p} type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />}
        </Field>
      </div>
      <div className={grid.pair}>
        <Field label="每店免费次数" required error={errors.times_per_company}>
          {(p) => <input {...p} inputMode="numeric" value={free} onChange={(e) => setFree(e.target.value)} />}
        </Field>
        <Field label="每单实付满（元）加1次" hint="留空：下单不加抽奖机会" error={errors.order_min_yuan}>
          {(p) => <input {...p} inputMode="numeric" value={orderMin} onChange={(e) => setOrderMin(e.target.value)} />}
        </Field>
      </div>
      <fieldset className={grid.rows}>
        <legend>奖品{errors.prizes && <span className={styles.error}>（{errors.prizes}）</span>}</legend>
        {prizes.map((p, i) => (
          <div key={i} className={styles.prizeRow}>
            <Field label="名称" error={errors[`prizes.${i}.name`]}>
              {(fp) => (
                <input {...fp} value={p.name} maxLength={30} onChange={(e) => setPrize(i, { name: e.target.value })} />
              )}
            </Field>
            <Field label="类型" error={errors[`prizes.${i}.kind`]}>
              {(fp) => (
                <select
                  {...fp}
                  value={p.kind}
                  onChange={(e) => setPrize(i, { kind: e.target.value as DrawFormPrize['kind'] })}
                >
                  <option value="coupon">优惠券</option>
                  <option value="points">积分</option>
                  <option value="goods">商品（随下一单发出）</option>
                  <option value="none">谢谢参与</option>
                </select>
              )}
            </Field>
            <Field
              label={p.kind === 'points' ? '积分数' : p.kind === 'goods' ? '商品编号' : '优惠券编号'}
              error={errors[`prizes.${i}.ref_id`]}
            >
              {(fp) => (
                <input
                  {...fp}
                  inputMode="numeric"
                  value={p.ref_id}
                  disabled={p.kind === 'none'}
                  onChange={(e) => setPrize(i, { ref_id: e.target.value })}
                />
              )}
            </Field>
            <Field label="说明" error={errors[`prizes.${i}.remarks`]}>
              {(fp) => (
                <input
                  {...fp}
                  value={p.remarks}
                  maxLength={30}
                  onChange={(e) => setPrize(i, { remarks: e.target.value })}
                />
              )}
            </Field>
            <Field label="权重" error={errors[`prizes.${i}.weight`]}>
              {(fp) => (
                <input
                  {...fp}
                  inputMode="numeric"
                  value={p.weight}
                  onChange={(e) => setPrize(i, { weight: e.target.value })}
                />
              )}
            </Field>
            <Field label="库存" error={errors[`prizes.${i}.stock`]}>
              {(fp) => (
                <input
                  {...fp}
                  inputMode="numeric"
                  value={p.stock}
                  onChange={(e) => setPrize(i, { stock: e.target.value })}
                />
              )}
            </Field>
            <button
              type="button"
              className={buttonClass('link')}
              onClick={() => setPrizes((all) => all.filter((_, j) => j !== i))}
            >
              删除
            </button>
          </div>
        ))}
        {prizes.length < 12 && (
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => setPrizes((all) => [...all, blankPrize('points')])}
          >
            添加奖品
          </button>
        )}
      </fieldset>
    </DialogForm>
  );
}
