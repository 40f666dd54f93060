// The dry run of an import, row by row: which goods, price and stock from → to, or why the row
// cannot be applied. Rows with errors come first so a long file's problems are not buried.
import { formatPrice } from '@domain/money.ts';
import type { ImportPreview } from '@domain/admin-goods.ts';
import styles from '../../widgets/file-import.module.css';

const change = (c: { from: number; to: number } | null, show: (n: number) => string) =>
  c === null ? '不改' : c.from === c.to ? `${show(c.to)}（不变）` : `${show(c.from)} → ${show(c.to)}`;

export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const rows = [...preview.rows].sort(
    (a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0) || a.row - b.row,
  );
  return (
    <table className={styles.table} aria-label="导入预览">
      <thead>
        <tr>
          <th scope="col">行</th>
          <th scope="col">商品</th>
          <th scope="col">价格</th>
          <th scope="col">库存</th>
          <th scope="col">结果</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.row} className={r.errors.length > 0 ? styles.bad : undefined}>
            <td>{r.row}</td>
            <td>{r.goods_id === null ? '—' : `${r.goods_id} ${r.name ?? ''}`}</td>
            <td>{change(r.price, formatPrice)}</td>
            <td>{change(r.stock, String)}</td>
            <td>{r.errors.length > 0 ? r.errors.join('；') : '可导入'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
