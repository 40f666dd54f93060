// The parts every console file import shares (批量改价改库存, 商品资料导入): the columns the file may
// carry with their notes, the template downloads, and the spreadsheet picker that forgets the last
// preview when another file is chosen.
import styles from './file-import.module.css';

export interface ImportColumnNote {
  key: string;
  header: string;
  note: string;
}

export function ImportColumnList({
  columns,
  showKey = false,
}: {
  columns: readonly ImportColumnNote[];
  showKey?: boolean;
}) {
  return (
    <ul>
      {columns.map((c) => (
        <li key={c.key}>
          <strong>{c.header}</strong>
          {showKey && `（${c.key}）`}：{c.note}
        </li>
      ))}
    </ul>
  );
}

export function TemplateLinks({ hrefOf }: { hrefOf: (format: 'csv' | 'xlsx') => string }) {
  return (
    <p className={styles.links}>
      下载模板：
      <a href={hrefOf('xlsx')} download>
        XLSX模板
      </a>
      <a href={hrefOf('csv')} download>
        CSV模板
      </a>
    </p>
  );
}

const SPREADSHEET_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV/XLSX file input; `onPick` receives the chosen file (or null when the choice is cleared). */
export function SpreadsheetInput({ label, onPick }: { label: string; onPick: (file: File | null) => void }) {
  return (
    <input
      type="file"
      name="file"
      aria-label={label}
      accept={SPREADSHEET_TYPES}
      onChange={(e) => onPick(e.target.files?.[0] ?? null)}
    />
  );
}
