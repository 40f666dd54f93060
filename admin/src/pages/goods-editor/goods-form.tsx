// The editor's form: base data, where the goods hangs (category, maker, brand, warehouse), prices (base, retail, ladders, rank prices), stock and limits,
// 中包装, flags and the 经营范围 class. Checked here with the server's own rules before sending;
// the server's 422 lands on the same fields. Saving replaces the whole editable state.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterGoodsChange, saveGoods } from '../../api/goods.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { buttonClass } from '@ui/button.ts';
import { SCOPE_CLASSES, type ScopeClass } from '@domain/business-scope.ts';
import type { ConsoleGoods } from '@domain/admin-goods.ts';
import { draftOf, inputOf, type GoodsDraft } from './goods-draft.ts';
import { LadderRows, RankRows } from './price-rows.tsx';
import { GoodsPlacementFields } from '../../widgets/goods-placement-fields.tsx';
import styles from './goods-editor-page.module.css';

type TextKey = { [K in keyof GoodsDraft]: GoodsDraft[K] extends string ? K : never }[keyof GoodsDraft];
type FlagKey = { [K in keyof GoodsDraft]: GoodsDraft[K] extends boolean ? K : never }[keyof GoodsDraft];

const FLAG_LABELS: [FlagKey, string][] = [
  ['is_kx', '控销'],
  ['is_jxq', '近效期'],
  ['is_ephedrine', '含麻黄碱'],
  ['is_free_shipping', '包邮'],
  ['is_dpby', '单品包邮'],
  ['mid_pack_strict', '须按中包装整数倍购买'],
];

export function GoodsForm({ goods }: { goods: ConsoleGoods }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<GoodsDraft>(() => draftOf(goods));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: NonNullable<ReturnType<typeof inputOf>['input']>) => saveGoods(goods.id, input),
    onSuccess: (saved) => {
      setErrors({});
      setNotice(
        saved.changed.length === 0
          ? '没有修改'
          : `已保存${saved.alerts_fired > 0 ? `，已通知${saved.alerts_fired}位订阅的客户` : ''}`,
      );
      // Not awaited: the button is free again at once while the list and header refetch.
      void afterGoodsChange(queryClient);
    },
    onError: (e) => {
      setNotice(null);
      setErrors(
        e instanceof ConsoleApiError ? { ...e.fieldErrors, _form: [e.message] } : { _form: ['保存失败，请重试'] },
      );
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { input, problems } = inputOf(draft);
    setErrors(problems);
    setNotice(null);
    if (input) save.mutate(input);
  };
  const text = (key: TextKey, label: string, opts: { hint?: string; mode?: 'numeric' | 'decimal' } = {}): ReactNode => (
    <label className={styles.field}>
      {label}
      <input
        name={key}
        value={draft[key]}
        inputMode={opts.mode}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
      {opts.hint && <span className={styles.muted}>{opts.hint}</span>}
      {errors[key] && (
        <span role="alert" className={styles.error}>
          {errors[key][0]}
        </span>
      )}
    </label>
  );
  const formError = errors._form?.[0] ?? (Object.keys(errors).length > 0 ? '请修改标红的内容' : null);

  return (
    <form className={styles.form} onSubmit={submit} aria-label="编辑商品" noValidate>
      <fieldset className={styles.group}>
        <legend>基本信息</legend>
        {text('name', '商品名称')}
        {text('approval_no', '批准文号')}
        {text('barcode', '条形码', { mode: 'numeric' })}
        <label className={styles.field}>
          经营范围类别
          <select
            name="scope_class"
            value={draft.scope_class}
            onChange={(e) => setDraft({ ...draft, scope_class: e.target.value as ScopeClass })}
          >
            {Object.entries(SCOPE_CLASSES).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <fieldset className={styles.group}>
        <legend>分类、厂家、品牌与仓库</legend>
        <GoodsPlacementFields
          value={draft.placement}
          onChange={(placement) => setDraft({ ...draft, placement })}
          errors={{
            category_id: errors.category_id?.[0],
            manufacturer_id: errors.manufacturer_id?.[0],
            brand_id: errors.brand_id?.[0],
            warehouse_id: errors.warehouse_id?.[0],
          }}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>价格（元）</legend>
        {text('base_price', '基础价', { mode: 'decimal' })}
        {text('retail_price', '建议零售价', { mode: 'decimal', hint: '0 表示不显示' })}
      </fieldset>
      <LadderRows
        rows={draft.ladder_prices}
        errors={errors}
        onChange={(ladder_prices) => setDraft({ ...draft, ladder_prices })}
      />
      <RankRows
        rows={draft.rank_prices}
        errors={errors}
        onChange={(rank_prices) => setDraft({ ...draft, rank_prices })}
      />
      <fieldset className={styles.group}>
        <legend>库存与限购（{goods.bzdw}）</legend>
        {text('stock', '库存', { mode: 'numeric' })}
        {text('min_buy', '起订量', { mode: 'numeric' })}
        {text('zbz', '中包装', { mode: 'numeric' })}
        {text('purchase_limit', '每单限购', { mode: 'numeric', hint: '0 表示不限' })}
        {text('ephedrine_limit', '含麻黄碱每单限购', { mode: 'numeric' })}
        {text('qg_number', '单品包邮起订量', { mode: 'numeric' })}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>标记</legend>
        <div className={styles.flags}>
          {FLAG_LABELS.map(([key, label]) => (
            <label key={key} className={styles.check}>
              <input
                type="checkbox"
                name={key}
                checked={draft[key]}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? '正在保存…' : '保存'}
        </button>
        {formError && (
          <p role="alert" className={styles.error}>
            {formError}
          </p>
        )}
        {notice && (
          <p role="status" className={styles.ok}>
            {notice}
          </p>
        )}
      </div>
    </form>
  );
}
