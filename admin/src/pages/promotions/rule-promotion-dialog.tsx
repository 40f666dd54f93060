// 新建 / 编辑 one rule-priced promotion: the schedule part every kind shares (a day for 每日特价,
// start and end otherwise), the kind's own part (tiers, welfare percent, activity page and banner)
// and the goods rows with the columns the kind uses (special price, stock, cap; set price and
// units). Amounts are typed in yuan and sent in fen. The form checks with the server's own rule
// (src/domain/admin-promotion-rules.ts) before sending; the server's field messages show the same way.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterRuleChange, createRulePromotion, updateRulePromotion } from '../../api/promotion-rules.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { ScheduleFields } from '../../widgets/schedule-fields.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { EntryRows } from '../../widgets/entry-rows.tsx';
import { Field } from '@ui/field.tsx';
import { formatPrice, yuanToFen } from '@domain/money.ts';
import { ACTIVITY_PAGE_CODES, ACTIVITY_PAGE_TITLES } from '@domain/activity-pages.ts';
import {
  combinationSetPrice,
  DAY_SECONDS,
  RULE_PROMOTION_LABELS,
  rulePromotionInput,
  shanghaiDayStart,
  TIERED_KINDS,
  type RulePromotionKind,
  type RulePromotionRow,
} from '@domain/admin-promotion-rules.ts';
import styles from './promotions-page.module.css';
import grid from '../../widgets/form-grid.module.css';

interface TierRow {
  amount: string;
  benefit: string;
  goodsId: string;
  number: string;
}
interface GoodsRow {
  goodsId: string;
  price: string;
  stockLimit: string;
  limit: string;
  quantity: string;
}

const EMPTY_TIER: TierRow = { amount: '', benefit: '', goodsId: '', number: '1' };
const EMPTY_GOODS: GoodsRow = { goodsId: '', price: '', stockLimit: '', limit: '', quantity: '1' };
const YUAN = /^\d+(\.\d{1,2})?$/;
const MAY_COVER_ALL: readonly RulePromotionKind[] = ['manjian', 'discount', 'cashback', 'gift'];
/** Column titles over the goods rows (the inputs' placeholders vanish once typed in). */
const GOODS_COLUMNS: Partial<Record<RulePromotionKind, string[]>> = {
  everyday: ['商品编号', '特价（元）', '活动库存（0不限）', '每家限购（0不限）'],
  combination: ['商品编号', '套餐单价（元）', '每套数量'],
};

const localInput = (sec: number) =>
  new Date(sec * 1000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const shanghaiDate = (sec: number) => new Date((sec + 8 * 3_600) * 1000).toISOString().slice(0, 10);
const toSeconds = (local: string) => Math.floor(new Date(local).getTime() / 1000);
const yuanText = (fen: number | null | undefined) =>
  fen === null || fen === undefined ? '' : (fen / 100).toFixed(2).replace(/\.00$/, '');
const text = (n: number | undefined) => (n === undefined ? '' : String(n));

/** The benefit column of a tier for a kind: label, and whether it is typed in yuan. */
const BENEFIT: Partial<
  Record<RulePromotionKind, { key: 'reduce' | 'percent' | 'back'; label: string; yuan: boolean }>
> = {
  manjian: { key: 'reduce', label: '减免（元）', yuan: true },
  discount: { key: 'percent', label: '折扣（94即9.4折）', yuan: false },
  cashback: { key: 'back', label: '返现（元）', yuan: true },
};

function tierRowsOf(p: RulePromotionRow | null): TierRow[] {
  if (!p || p.tiers.length === 0) return [{ ...EMPTY_TIER }];
  return p.tiers.map((t) => ({
    amount: yuanText(t.amount),
    benefit: t.percent !== undefined ? String(t.percent) : yuanText(t.reduce ?? t.back),
    goodsId: text(t.goods_id),
    number: text(t.number ?? 1),
  }));
}

function goodsRowsOf(p: RulePromotionRow | null): GoodsRow[] {
  if (!p || p.goods.length === 0) return [{ ...EMPTY_GOODS }];
  return p.goods.map((g) => ({
    goodsId: String(g.goods_id),
    price: yuanText(g.price),
    stockLimit: String(g.stock_limit),
    limit: String(g.per_company_limit),
    quantity: String(g.quantity),
  }));
}

export function RulePromotionDialog({
  kind,
  existing,
  onClose,
}: {
  kind: RulePromotionKind;
  existing: RulePromotionRow | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const nowSec = Math.floor(Date.now() / 1000);
  const [name, setName] = useState(existing?.name ?? (kind === 'everyday' ? '每日特价' : ''));
  const [description, setDescription] = useState(existing?.description ?? '');
  const [image, setImage] = useState(existing?.image ?? '');
  const [page, setPage] = useState<string>(existing?.page ?? '');
  const [sort, setSort] = useState(existing ? String(existing.sort) : '0');
  const [startsAt, setStartsAt] = useState(localInput(existing?.starts_at ?? nowSec));
  const [endsAt, setEndsAt] = useState(localInput(existing?.ends_at ?? nowSec + 30 * DAY_SECONDS));
  const [day, setDay] = useState(shanghaiDate(existing?.starts_at ?? nowSec + DAY_SECONDS));
  const [previewHour, setPreviewHour] = useState(text(existing?.preview_hour ?? 20));
  const [percent, setPercent] = useState(text(existing?.tiers[0]?.percent ?? 94));
  const [allGoods, setAllGoods] = useState(existing?.all_goods ?? false);
  const [tiers, setTiers] = useState<TierRow[]>(tierRowsOf(existing));
  const [rows, setRows] = useState<GoodsRow[]>(goodsRowsOf(existing));
  const { errors, setErrors, busy, run } = useFormSubmit('保存失败，请稍后重试');

  const tiered = TIERED_KINDS.includes(kind);
  const benefit = BENEFIT[kind];
  const setTier = (i: number, patch: Partial<TierRow>) =>
    setTiers((ts) => ts.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const setRow = (i: number, patch: Partial<GoodsRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  /** The request body, or the yuan fields that are not amounts (keyed like the server's paths). */
  function draft(): { body: Record<string, unknown>; yuanErrors: Record<string, string> } {
    const yuanErrors: Record<string, string> = {};
    const fen = (value: string, path: string, optional = false): number | null => {
      const v = value.trim();
      if (v === '' && optional) return null;
      if (!YUAN.test(v)) {
        yuanErrors[path] = '请输入金额（元），最多两位小数';
        return null;
      }
      return yuanToFen(Number(v));
    };
    const dayStart = shanghaiDayStart(day);
    const schedule =
      kind === 'everyday'
        ? { starts_at: dayStart, ends_at: dayStart + DAY_SECONDS, preview_hour: previewHour }
        : { starts_at: toSeconds(startsAt), ends_at: toSeconds(endsAt) };
    const tierBody =
      kind === 'welfare'
        ? [{ amount: 1, percent }]
        : tiered
          ? tiers.map((t, i) => ({
              amount: fen(t.amount, `tiers.${i}.amount`),
              ...(benefit
                ? { [benefit.key]: benefit.yuan ? fen(t.benefit, `tiers.${i}.${benefit.key}`) : t.benefit }
                : {}),
              ...(kind === 'gift' ? { goods_id: t.goodsId, number: t.number } : {}),
            }))
          : [];
    const goodsBody = allGoods
      ? []
      : rows.map((r, i) => ({
          goods_id: r.goodsId,
          ...(kind === 'everyday'
            ? { price: fen(r.price, `goods.${i}.price`), stock_limit: r.stockLimit, per_company_limit: r.limit }
            : {}),
          ...(kind === 'combination' ? { price: fen(r.price, `goods.${i}.price`), quantity: r.quantity } : {}),
        }));
    return {
      body: {
        kind,
        name,
        description,
        image,
        page: kind === 'activity' ? page : (existing?.page ?? ''),
        sort,
        ...schedule,
        all_goods: allGoods,
        tiers: tierBody,
        goods: goodsBody,
      },
      yuanErrors,
    };
  }

  const submit = async () => {
    const { body, yuanErrors } = draft();
    const checked = rulePromotionInput.safeParse(body);
    const local: Record<string, string> = { ...yuanErrors };
    if (!checked.success) {
      for (const issue of checked.error.issues) local[issue.path.map(String).join('.') || 'form'] ??= issue.message;
    }
    if (Object.keys(local).length > 0) return setErrors(local);
    await run(async () => {
      if (existing) await updateRulePromotion(existing.id, body);
      else await createRulePromotion(body);
      await afterRuleChange(queryClient);
      onClose();
    });
  };

  const firstError = (prefix: string) => Object.entries(errors).find(([k]) => k.startsWith(prefix))?.[1];
  const setPrice =
    kind === 'combination'
      ? combinationSetPrice(
          rows.map((r) => ({
            price: YUAN.test(r.price.trim()) ? yuanToFen(Number(r.price)) : null,
            quantity: Number(r.quantity) || 1,
          })),
        )
      : null;
  const label = RULE_PROMOTION_LABELS[kind];

  return (
    <DialogForm
      title={existing ? `编辑${label}：${existing.name}` : `新建${label}`}
      submitText={existing ? '保存' : '创建'}
      busy={busy}
      error={errors.form ?? errors.kind ?? errors.all_goods}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="活动名称" required error={errors.name}>
        {(p) => (
          <input {...p} name="name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} autoFocus />
        )}
      </Field>
      <Field label={kind === 'activity' ? '规则说明' : '活动说明'} error={errors.description}>
        {(p) => (
          <textarea
            {...p}
            name="description"
            rows={2}
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      {kind === 'everyday' ? (
        <div className={grid.pair}>
          <Field label="特价日期" required error={errors.starts_at} hint="当日0点至次日0点">
            {(p) => <input {...p} type="date" name="day" value={day} onChange={(e) => setDay(e.target.value)} />}
          </Field>
          <Field label="预告时间（前一天几点起）" error={errors.preview_hour}>
            {(p) => (
              <input
                {...p}
                name="preview_hour"
                inputMode="numeric"
                value={previewHour}
                onChange={(e) => setPreviewHour(e.target.value)}
              />
            )}
          </Field>
        </div>
      ) : (
        <ScheduleFields
          startsAt={startsAt}
          endsAt={endsAt}
          onStartsAt={setStartsAt}
          onEndsAt={setEndsAt}
          errors={errors}
        />
      )}
      {kind === 'activity' && (
        <div className={grid.pair}>
          <Field label="活动页" required error={errors.page}>
            {(p) => (
              <select {...p} name="page" value={page} onChange={(e) => setPage(e.target.value)}>
                <option value="">请选择</option>
                {ACTIVITY_PAGE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {ACTIVITY_PAGE_TITLES[code]}（/{code}）
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="排序（小的在前）" error={errors.sort}>
            {(p) => (
              <input {...p} name="sort" inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} />
            )}
          </Field>
          <Field label="横幅图片地址" error={errors.image} className={styles.wide}>
            {(p) => (
              <input
                {...p}
                name="image"
                value={image}
                placeholder="/media/banner/…"
                onChange={(e) => setImage(e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
      {kind === 'welfare' && (
        <Field label="折扣（94即9.4折）" required error={errors.tiers ?? firstError('tiers.')}>
          {(p) => (
            <input
              {...p}
              name="percent"
              inputMode="numeric"
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
            />
          )}
        </Field>
      )}
      {tiered && (
        <EntryRows
          legend={`${kind === 'gift' ? '满赠阶梯' : '阶梯'}（门槛从低到高）`}
          items={tiers}
          columns={[
            '门槛（元）',
            ...(benefit ? [benefit.label] : []),
            ...(kind === 'gift' ? ['赠品商品编号', '赠品数量'] : []),
          ]}
          rowClassName={styles.goodsRow}
          rowError={(i) => firstError(`tiers.${i}.`)}
          error={errors.tiers}
          addText="添加阶梯"
          onAdd={() => setTiers((ts) => [...ts, { ...EMPTY_TIER }])}
          onRemove={(i) => setTiers((ts) => ts.filter((_, j) => j !== i))}
        >
          {(t, i) => (
            <>
              <input
                aria-label={`第${i + 1}档 门槛（元）`}
                placeholder="满（元）"
                inputMode="decimal"
                value={t.amount}
                onChange={(e) => setTier(i, { amount: e.target.value })}
              />
              {benefit && (
                <input
                  aria-label={`第${i + 1}档 ${benefit.label}`}
                  placeholder={benefit.label}
                  inputMode="decimal"
                  value={t.benefit}
                  onChange={(e) => setTier(i, { benefit: e.target.value })}
                />
              )}
              {kind === 'gift' && (
                <>
                  <input
                    aria-label={`第${i + 1}档 赠品商品编号`}
                    placeholder="赠品商品编号"
                    inputMode="numeric"
                    value={t.goodsId}
                    onChange={(e) => setTier(i, { goodsId: e.target.value })}
                  />
                  <input
                    aria-label={`第${i + 1}档 赠品数量`}
                    placeholder="赠品数量"
                    inputMode="numeric"
                    value={t.number}
                    onChange={(e) => setTier(i, { number: e.target.value })}
                  />
                </>
              )}
            </>
          )}
        </EntryRows>
      )}
      {MAY_COVER_ALL.includes(kind) && (
        <label className={grid.check}>
          <input type="checkbox" checked={allGoods} onChange={(e) => setAllGoods(e.target.checked)} />
          全部商品参加
        </label>
      )}
      {!allGoods && (
        <EntryRows
          legend={kind === 'combination' ? '套餐商品' : '活动商品'}
          items={rows}
          columns={GOODS_COLUMNS[kind]}
          rowClassName={styles.goodsRow}
          rowError={(i) => firstError(`goods.${i}.`)}
          error={errors.goods}
          footer={
            kind === 'combination' && (
              <p className={styles.summary}>套餐价：{setPrice === null ? '—' : formatPrice(setPrice)}</p>
            )
          }
          addText="添加商品"
          onAdd={() => setRows((rs) => [...rs, { ...EMPTY_GOODS }])}
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
              {kind === 'everyday' && (
                <>
                  <input
                    aria-label={`第${i + 1}行 特价（元）`}
                    placeholder="特价（元）"
                    inputMode="decimal"
                    value={r.price}
                    onChange={(e) => setRow(i, { price: e.target.value })}
                  />
                  <input
                    aria-label={`第${i + 1}行 活动库存`}
                    placeholder="活动库存（0不限）"
                    inputMode="numeric"
                    value={r.stockLimit}
                    onChange={(e) => setRow(i, { stockLimit: e.target.value })}
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
              {kind === 'combination' && (
                <>
                  <input
                    aria-label={`第${i + 1}行 套餐单价（元）`}
                    placeholder="套餐单价（元）"
                    inputMode="decimal"
                    value={r.price}
                    onChange={(e) => setRow(i, { price: e.target.value })}
                  />
                  <input
                    aria-label={`第${i + 1}行 每套数量`}
                    placeholder="每套数量"
                    inputMode="numeric"
                    value={r.quantity}
                    onChange={(e) => setRow(i, { quantity: e.target.value })}
                  />
                </>
              )}
            </>
          )}
        </EntryRows>
      )}
    </DialogForm>
  );
}
