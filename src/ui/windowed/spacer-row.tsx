// The empty table row that stands in for the rows a windowed table does not mount
// (use-page-window.ts): one cell across every column, so the columns keep their widths.
export function SpacerRow({ height, colSpan }: { height: number; colSpan: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={colSpan} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
