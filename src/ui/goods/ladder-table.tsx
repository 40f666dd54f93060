// Tier pricing (SPEC §9 "tier pricing shows quantity steps and their prices"): one column per
// quantity range, the range in force for `current` highlighted (the same pick as
// ladderPriceFor, which the cart and the server use).
import type { LadderPriceStep } from '../../domain/catalog';
import { formatFen } from '../../domain/money';
import styles from './ladder-table.module.css';

export interface LadderTableProps {
  /** Unit price (fen) below the first step; null when prices are hidden. */
  basePrice: number | null;
  steps: readonly LadderPriceStep[];
  unit: string;
  /** Quantity being bought; its range is highlighted. */
  current?: number;
}

export interface LadderRow {
  /** "1-9盒", "10-49盒", "≥50盒" */
  label: string;
  from: number;
  price: number;
  /** ladder_price_id, or null for the base row. */
  stepId: number | null;
}

export function ladderRows(basePrice: number, steps: readonly LadderPriceStep[], unit: string): LadderRow[] {
  const sorted = [...steps].filter((s) => s.number >= 1).sort((a, b) => a.number - b.number);
  const starts: { from: number; price: number; stepId: number | null }[] = [];
  if (sorted.length === 0 || sorted[0].number > 1) starts.push({ from: 1, price: basePrice, stepId: null });
  for (const s of sorted) {
    // Two steps at the same quantity: the later one in sorted order wins, as in ladderPriceFor's scan.
    if (starts.length > 0 && starts[starts.length - 1].from === s.number) starts.pop();
    starts.push({ from: s.number, price: s.price, stepId: s.id });
  }
  return starts.map((row, i) => {
    const next = starts[i + 1];
    const label = next
      ? next.from - 1 === row.from
        ? `${row.from}${unit}`
        : `${row.from}-${next.from - 1}${unit}`
      : `≥${row.from}${unit}`;
    return { ...row, label };
  });
}

/** Index of the row whose range contains `quantity` (the largest `from` not above it). */
export function currentRowIndex(rows: readonly LadderRow[], quantity: number): number {
  let index = -1;
  rows.forEach((row, i) => {
    if (row.from <= quantity) index = i;
  });
  return index;
}

export function LadderTable({ basePrice, steps, unit, current }: LadderTableProps) {
  if (basePrice === null || steps.length === 0) return null;
  const rows = ladderRows(basePrice, steps, unit);
  if (rows.length < 2) return null;
  const active = current === undefined ? -1 : currentRowIndex(rows, current);
  return (
    // Many steps are wider than a phone: the table scrolls inside its frame, the page stays put.
    <div className={styles.frame}>
      <table className={styles.table}>
        <caption className={styles.caption}>阶梯价</caption>
        <tbody>
          <tr>
            <th scope="row">采购数量</th>
            {rows.map((row, i) => (
              <td key={row.from} data-current={i === active || undefined}>
                {row.label}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">单价</th>
            {rows.map((row, i) => (
              <td
                key={row.from}
                className={styles.price}
                data-current={i === active || undefined}
                aria-current={i === active || undefined}
              >
                ¥{formatFen(row.price)}
                {i === active ? <span className={styles.srOnly}>（当前）</span> : null}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
