// The editor's repeated rows: ladder prices (from N units, unit price) and rank prices (member
// rank, price). Each row shows its own problems (the console's check or the server's 422, keyed
// `ladder_prices.1.price`), so an operator sees which step breaks "more units, never dearer".
import { buttonClass } from '@ui/button.ts';
import { COMPANY_RANK_MAX, COMPANY_RANK_MIN } from '@domain/admin.ts';
import { LADDER_MAX } from '@domain/admin-goods.ts';
import type { RankDraft, StepDraft } from './goods-draft.ts';
import styles from './goods-editor-page.module.css';

interface RowsProps<Row> {
  rows: Row[];
  errors: Record<string, string[]>;
  onChange: (rows: Row[]) => void;
}

const errorOf = (errors: Record<string, string[]>, key: string) => errors[key]?.[0];

export function LadderRows({ rows, errors, onChange }: RowsProps<StepDraft>) {
  const set = (i: number, patch: Partial<StepDraft>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className={styles.rows}>
      <legend>阶梯价（数量越多单价越低）</legend>
      {rows.length === 0 && <p className={styles.muted}>未设置阶梯价，所有数量按基础价或等级价。</p>}
      {rows.map((row, i) => {
        const problems = [
          errorOf(errors, `ladder_prices.${i}.min_number`),
          errorOf(errors, `ladder_prices.${i}.price`),
        ].filter(Boolean);
        return (
          <div key={i} className={styles.row} data-testid="ladder-row">
            <label>
              第{i + 1}档 起购数量
              <input
                inputMode="numeric"
                value={row.min_number}
                aria-invalid={errorOf(errors, `ladder_prices.${i}.min_number`) ? true : undefined}
                onChange={(e) => set(i, { min_number: e.target.value })}
              />
            </label>
            <label>
              单价（元）
              <input
                inputMode="decimal"
                value={row.price}
                aria-invalid={errorOf(errors, `ladder_prices.${i}.price`) ? true : undefined}
                onChange={(e) => set(i, { price: e.target.value })}
              />
            </label>
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              删除
            </button>
            {problems.length > 0 && (
              <span role="alert" className={styles.error}>
                {problems.join('；')}
              </span>
            )}
          </div>
        );
      })}
      {rows.length < LADDER_MAX && (
        <button
          type="button"
          className={buttonClass('outline', { size: 'sm' })}
          onClick={() =>
            onChange([
              ...rows,
              {
                min_number: rows.length > 0 ? String((Number(rows[rows.length - 1].min_number) || 0) * 2 || 10) : '10',
                price: rows.at(-1)?.price ?? '',
              },
            ])
          }
        >
          添加一档
        </button>
      )}
    </fieldset>
  );
}

export function RankRows({ rows, errors, onChange }: RowsProps<RankDraft>) {
  const set = (i: number, patch: Partial<RankDraft>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const ranks = Array.from({ length: COMPANY_RANK_MAX - COMPANY_RANK_MIN + 1 }, (_, i) => COMPANY_RANK_MIN + i);
  return (
    <fieldset className={styles.rows}>
      <legend>会员等级价</legend>
      {rows.length === 0 && <p className={styles.muted}>未设置等级价，所有等级按基础价。</p>}
      {rows.map((row, i) => {
        const problems = [errorOf(errors, `rank_prices.${i}.rank`), errorOf(errors, `rank_prices.${i}.price`)].filter(
          Boolean,
        );
        return (
          <div key={i} className={styles.row}>
            <label>
              等级
              <select value={row.rank} onChange={(e) => set(i, { rank: e.target.value })}>
                {ranks.map((r) => (
                  <option key={r} value={String(r)}>
                    {r}级
                  </option>
                ))}
              </select>
            </label>
            <label>
              价格（元）
              <input inputMode="decimal" value={row.price} onChange={(e) => set(i, { price: e.target.value })} />
            </label>
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              删除
            </button>
            {problems.length > 0 && (
              <span role="alert" className={styles.error}>
                {problems.join('；')}
              </span>
            )}
          </div>
        );
      })}
      {rows.length < ranks.length && (
        <button
          type="button"
          className={buttonClass('outline', { size: 'sm' })}
          onClick={() =>
            onChange([
              ...rows,
              { rank: String(ranks.find((r) => !rows.some((x) => x.rank === String(r))) ?? 1), price: '' },
            ])
          }
        >
          添加等级价
        </button>
      )}
    </fieldset>
  );
}
