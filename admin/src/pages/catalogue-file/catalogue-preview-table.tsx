// The catalogue import's dry run: each row that creates, changes or fails — the action, the goods,
// the columns it changes, and every problem on its cell (列：问题). Invalid rows come first (the
// server orders them so).
import type { CatalogueImportPreview } from '@domain/catalogue-file.ts';
import frame from '../../widgets/file-import.module.css';

const ACTION = { create: '新建', update: '更新', unchanged: '不变' } as const;

export function CataloguePreviewTable({ preview }: { preview: CatalogueImportPreview }) {
  if (preview.rows.length === 0) return null;
  return (
    <table className={frame.table} aria-label="导入预览">
      <thead>
        <tr>
          <th scope="col">行</th>
          <th scope="col">外部编码</th>
          <th scope="col">商品</th>
          <th scope="col">操作</th>
          <th scope="col">修改的列 / 错误</th>
        </tr>
      </thead>
      <tbody>
        {preview.rows.map((r) => (
          <tr key={r.row} className={r.errors.length > 0 ? frame.bad : undefined}>
            <td>{r.row}</td>
            <td>{r.external_code || '—'}</td>
            <td>{r.goods_id === null ? r.name : `${r.goods_id} ${r.name}`}</td>
            <td>{r.action === null ? '有错误' : ACTION[r.action]}</td>
            <td>
              {r.errors.length > 0
                ? r.errors.map((e) => (e.column ? `${e.column}：${e.message}` : e.message)).join('；')
                : r.changes.join('、') || '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
