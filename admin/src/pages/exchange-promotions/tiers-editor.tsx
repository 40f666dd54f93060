// The tiers of a 换购 promotion as the operator edits them: each tier a threshold in yuan and its
// exchange goods (goods id, exchange price in yuan, most units per order). Plain text state; the
// dialog turns it into fen and the server checks it all (src/domain/admin-exchange.ts).
import { buttonClass } from '@ui/button.ts';
import { formatFen, yuanToFen } from '@domain/money.ts';
import type { ConsoleExchangeTier, ExchangeTiersInput } from '@domain/admin-exchange.ts';
import { AlertLine } from '../../widgets/alert-line.tsx';
import styles from './exchange-promotions.module.css';
import grid from '../../widgets/form-grid.module.css';

export interface GoodsDraft {
  goodsId: string;
  price: string;
  limit: string;
}
export interface TierDraft {
  amount: string;
  goods: GoodsDraft[];
}

export const emptyGoods = (): GoodsDraft => ({ goodsId: '', price: '', limit: '1' });
export const emptyTier = (): TierDraft => ({ amount: '', goods: [emptyGoods()] });

export const tierDrafts = (tiers: readonly ConsoleExchangeTier[]): TierDraft[] =>
  tiers.map((t) => ({
    amount: formatFen(t.amount),
    goods: t.goods.map((g) => ({ goodsId: String(g.goods_id), price: formatFen(g.price), limit: String(g.limit) })),
  }));

const YUAN = /^\d+(\.\d{1,2})?$/;
const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : 0);

/** The drafts as the API takes them, or the first field problem the page can tell by itself. */
export function tiersFromDrafts(
  drafts: readonly TierDraft[],
): { tiers: ExchangeTiersInput } | { field: string; message: string } {
  for (const [i, t] of drafts.entries()) {
    if (!YUAN.test(t.amount.trim()) || !(Number(t.amount) > 0))
      return { field: `tiers.${i}.amount`, message: '请输入门槛金额（元），最多两位小数' };
    for (const [j, g] of t.goods.entries()) {
      if (!YUAN.test(g.price.trim()))
        return { field: `tiers.${i}.goods.${j}.price`, message: '请输入换购价（元），最多两位小数' };
    }
  }
  return {
    tiers: drafts.map((t) => ({
      amount: yuanToFen(Number(t.amount)),
      goods: t.goods.map((g) => ({
        goods_id: whole(g.goodsId),
        price: yuanToFen(Number(g.price)),
        limit: whole(g.limit),
      })),
    })),
  };
}

export function TiersEditor({
  tiers,
  onChange,
  errors,
}: {
  tiers: TierDraft[];
  onChange: (next: TierDraft[]) => void;
  errors: Record<string, string>;
}) {
  const setTier = (i: number, patch: Partial<TierDraft>) =>
    onChange(tiers.map((t, k) => (k === i ? { ...t, ...patch } : t)));
  const setGoods = (i: number, j: number, patch: Partial<GoodsDraft>) =>
    setTier(i, { goods: tiers[i].goods.map((g, k) => (k === j ? { ...g, ...patch } : g)) });
  const tierError = (i: number) =>
    errors[`tiers.${i}.amount`] ??
    errors[`tiers.${i}.goods`] ??
    Object.entries(errors).find(([k]) => k.startsWith(`tiers.${i}.goods.`))?.[1];
  return (
    <fieldset className={grid.roomyRows}>
      <legend>换购档位</legend>
      {tiers.map((t, i) => (
        <div key={i} className={styles.tier} data-tier={i}>
          <div className={styles.tierHead}>
            <label>
              满
              <input
                aria-label={`第${i + 1}档 门槛（元）`}
                inputMode="decimal"
                value={t.amount}
                onChange={(e) => setTier(i, { amount: e.target.value })}
              />
              元可换购
            </label>
            {tiers.length > 1 && (
              <button
                type="button"
                className={buttonClass('link')}
                onClick={() => onChange(tiers.filter((_, k) => k !== i))}
              >
                删除此档
              </button>
            )}
          </div>
          {t.goods.map((g, j) => (
            <div key={j} className={styles.goodsRow}>
              <input
                aria-label={`第${i + 1}档 第${j + 1}行 商品编号`}
                placeholder="商品编号"
                inputMode="numeric"
                value={g.goodsId}
                onChange={(e) => setGoods(i, j, { goodsId: e.target.value })}
              />
              <input
                aria-label={`第${i + 1}档 第${j + 1}行 换购价（元）`}
                placeholder="换购价（元）"
                inputMode="decimal"
                value={g.price}
                onChange={(e) => setGoods(i, j, { price: e.target.value })}
              />
              <input
                aria-label={`第${i + 1}档 第${j + 1}行 限换数量`}
                placeholder="限换数量"
                inputMode="numeric"
                value={g.limit}
                onChange={(e) => setGoods(i, j, { limit: e.target.value })}
              />
              {t.goods.length > 1 && (
                <button
                  type="button"
                  className={buttonClass('link')}
                  onClick={() => setTier(i, { goods: t.goods.filter((_, k) => k !== j) })}
                >
                  删除
                </button>
              )}
            </div>
          ))}
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => setTier(i, { goods: [...t.goods, emptyGoods()] })}
          >
            添加换购商品
          </button>
          {tierError(i) && (
            <p role="alert" className={styles.error}>
              {tierError(i)}
            </p>
          )}
        </div>
      ))}
      <AlertLine message={errors.tiers} />
      <button
        type="button"
        className={buttonClass('outline', { size: 'sm' })}
        onClick={() => onChange([...tiers, emptyTier()])}
      >
        添加档位
      </button>
    </fieldset>
  );
}
