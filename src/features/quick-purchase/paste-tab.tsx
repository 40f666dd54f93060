// 粘贴清单: a list pasted from Excel or a clinic's stock system (one goods per line: name,
// 批准文号, barcode or goods code, then a quantity; tabs, commas or spaces between), or codes
// typed by a USB scanner into the scan box (Enter adds the line). The server matches each line
// (offline: the device, among the goods it knows); each row shows its match and alternatives,
// unmatched lines stay for editing; then every ticked row goes to the cart in one request.
// An uploaded CSV/XLSX is read on the device into the same text; 扫码 opens the camera, whose
// codes go the same way as the scan box's (a goods scanned again gets +1).
import {
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useMatchList } from '../../api/quick-purchase';
import { formatPrice } from '../../domain/money';
import {
  MATCH_METHOD_LABELS,
  MAX_PASTE_LINES,
  PASTE_TOO_MANY,
  parsePastedList,
  tooManyLines,
} from '../../domain/quick-purchase';
import { buttonClass } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Dialog, DialogActions, DialogClose } from '../../ui/dialog';
import {
  LIST_FILE_ACCEPT,
  LIST_FILE_TOO_BIG,
  LIST_TEMPLATE_CSV,
  LIST_TEMPLATE_NAME,
  MAX_LIST_FILE_BYTES,
} from '../../domain/list-file';
import { toast } from '../../ui/toast';
import { SpacerRow } from '../../ui/windowed/spacer-row';
import { usePageWindow } from '../../ui/windowed/use-page-window';
import { parseQuantity, useAddLines, type AddLine, type RowStatus } from './add-lines';
import { GoodsCell } from './goods-cell';
import { chooseAlternative, countMatched, mergeScanned, replaceRow, rowsOf, type PadRow } from './paste-rows';
import { RowStatusText } from './row-status';
import { SaveListDialog } from './save-list-dialog';
import { LinesButtons } from './lines-buttons';
import styles from './quick-purchase.module.css';

// The decoder and the spreadsheet readers are lazy chunks: only a buyer who scans or uploads loads them.
// A chunk that cannot load (offline before it was ever cached, a deploy in between) says so in
// the dialog rather than breaking the page.
const CameraScanner = lazy(() =>
  import('../../widgets/barcode-scanner/camera-scanner').catch(() => ({
    default: () => (
      <p className={styles.refused} role="alert">
        扫码组件加载失败，请联网后重试，或使用扫码枪、手动输入
      </p>
    ),
  })),
);
const loadReader = () => import('./list-file-reader');
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(LIST_TEMPLATE_CSV)}`;

const COLUMNS = ['加入', '行', '粘贴内容', '匹配商品', '其他可选', '价格', '库存', '数量', '结果'];
/** A result row's height until measured (px): a goods name over its spec, or an edit box. */
const RESULT_ROW_PX = 64;
const estimateRow = () => RESULT_ROW_PX;
const PLACEHOLDER =
  '每行一个商品：名称（可加规格）、批准文号、条形码或商品编码，后接数量\n例如：\n阿莫西林胶囊\t0.25g*24粒\t10\n6901234567892, 5\n国药准字Z44021940 3';

export function PasteTab() {
  const [text, setText] = useState('');
  const [scan, setScan] = useState('');
  const [rows, setRows] = useState<PadRow[]>([]);
  const [edits, setEdits] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [statuses, setStatuses] = useState<ReadonlyMap<string, RowStatus>>(() => new Map());
  const [offline, setOffline] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fileNote, setFileNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [reading, setReading] = useState(false);
  const [camera, setCamera] = useState(false);
  const [lastScan, setLastScan] = useState('');
  const matcher = useMatchList();
  const { add, pending } = useAddLines();
  // Up to MAX_PASTE_LINES results: only the rows near the viewport are mounted.
  const rowKey = useCallback((index: number) => rows[index].key, [rows]);
  const results = usePageWindow<HTMLDivElement>({
    count: rows.length,
    getItemKey: rowKey,
    estimateSize: estimateRow,
    averageSize: RESULT_ROW_PX,
  });

  const runMatch = async (content: string): Promise<PadRow[] | null> => {
    const parsed = parsePastedList(content);
    if (parsed.length === 0) {
      toast.show({ message: '请粘贴采购清单，每行一个商品', tone: 'error' });
      return null;
    }
    if (tooManyLines(parsed)) {
      toast.show({ message: PASTE_TOO_MANY, tone: 'error' });
      return null;
    }
    try {
      const res = await matcher.mutateAsync(content);
      setOffline(res.offline);
      return rowsOf(res.lines);
    } catch {
      return null; // the shared presenter showed the refusal
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = await runMatch(text);
    if (next) {
      setRows(next);
      setStatuses(new Map());
    }
  };

  // A USB scanner types the code and Enter: the line is matched and added to the pad. Scans are
  // matched one after another (the HTTP client cancels an earlier in-flight request to the same
  // path, which would lose a code scanned while the previous one was still being matched).
  // A goods already on the pad gets +1 (a box scanned twice is two boxes).
  const scans = useRef<Promise<void>>(Promise.resolve());
  const addScan = (line: string, onFail: () => void) => {
    scans.current = scans.current.then(async () => {
      const next = await runMatch(line);
      if (!next) return onFail();
      setRows((prev) => mergeScanned(prev, next));
      const found = next[0]?.chosen;
      setLastScan(found ? `已加入：${found.name} ${found.ypgg}` : `未找到“${line}”对应的商品，已列入清单待修改`);
    });
  };
  const scanKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const line = scan.trim();
    if (line === '') return;
    setScan('');
    addScan(line, () => setScan((cur) => (cur === '' ? line : cur)));
  };
  const cameraCode = (code: string) => addScan(code, () => undefined);

  // 上传清单: read on the device (works offline), put into the text box so the buyer sees what
  // was read, then matched like a paste.
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file chosen again (after fixing it) fires change again
    if (!file) return;
    if (file.size > MAX_LIST_FILE_BYTES)
      return setFileNote({ tone: 'error', text: `${file.name}：${LIST_FILE_TOO_BIG}` });
    setReading(true);
    let read;
    try {
      read = await (await loadReader()).readListFile(file);
    } catch {
      read = { ok: false as const, message: '读取文件失败，请重试' };
    } finally {
      setReading(false);
    }
    if (!read.ok) return setFileNote({ tone: 'error', text: `${file.name}：${read.message}` });
    setFileNote({ tone: 'ok', text: `已读取 ${file.name}：${read.lines} 行` });
    setText(read.text);
    const next = await runMatch(read.text);
    if (next) {
      setRows(next);
      setStatuses(new Map());
    }
  };

  const rematch = async (row: PadRow) => {
    const content = (edits.get(row.key) ?? row.line.raw).trim();
    if (content === '') return;
    const next = await runMatch(content);
    if (next && next[0]) {
      setRows((prev) => replaceRow(prev, row.key, next[0].line));
      setEdits((prev) => {
        const m = new Map(prev);
        m.delete(row.key);
        return m;
      });
    }
  };

  const update = (key: string, patch: Partial<PadRow>) =>
    setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const ready = rows.filter((r) => r.include && r.chosen !== null);
  const invalid = ready.some((r) => parseQuantity(r.number) === null);
  const lines: AddLine[] = ready.flatMap((r) => {
    const n = parseQuantity(r.number);
    return r.chosen && n !== null ? [{ key: r.key, goods: r.chosen, number: n }] : [];
  });
  const matched = countMatched(rows);

  const addAll = async () => {
    const out = await add(lines);
    if (out) setStatuses((prev) => new Map([...prev, ...out]));
  };

  return (
    <div>
      <form onSubmit={(e) => void submit(e)}>
        <label htmlFor="paste-list" className={styles.summary}>
          粘贴采购清单（最多{MAX_PASTE_LINES}行，可直接从 Excel 复制）
        </label>
        <textarea
          id="paste-list"
          className={styles.textarea}
          placeholder={PLACEHOLDER}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className={styles.toolbar}>
          <button type="submit" className={buttonClass('primary', { size: 'sm' })} disabled={matcher.isPending}>
            {matcher.isPending ? '正在识别…' : '识别清单'}
          </button>
          <input
            className={`${styles.input} ${styles.filter}`}
            aria-label="扫码或输入商品后回车"
            placeholder="扫码枪扫码或输入商品后回车"
            value={scan}
            onChange={(e) => setScan(e.target.value)}
            onKeyDown={scanKey}
          />
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => {
              setLastScan('');
              setCamera(true);
            }}
          >
            扫码
          </button>
          <label className={buttonClass('outline', { size: 'sm' })} aria-disabled={reading || undefined}>
            {reading ? '正在读取…' : '上传清单（CSV/Excel）'}
            <input
              type="file"
              className={styles.fileInput}
              accept={LIST_FILE_ACCEPT}
              disabled={reading}
              onChange={(e) => void upload(e)}
              aria-label="上传清单文件"
            />
          </label>
          <a className={buttonClass('link', { size: 'sm' })} href={TEMPLATE_HREF} download={LIST_TEMPLATE_NAME}>
            下载模板
          </a>
          {rows.length > 0 && (
            <button type="button" className={buttonClass('link', { size: 'sm' })} onClick={() => setRows([])}>
              清空结果
            </button>
          )}
        </div>
      </form>

      {fileNote && (
        <p
          className={fileNote.tone === 'error' ? styles.refused : styles.hint}
          role={fileNote.tone === 'error' ? 'alert' : 'status'}
        >
          {fileNote.text}
        </p>
      )}
      <Dialog open={camera} onOpenChange={setCamera} title="扫码加入" closeLabel="关闭" widthPx={520}>
        {camera && (
          <Suspense fallback={<p className={styles.hint}>正在加载扫码组件…</p>}>
            <CameraScanner onCode={cameraCode} />
          </Suspense>
        )}
        {lastScan && (
          <p className={styles.summary} role="status">
            {lastScan}
          </p>
        )}
        <DialogActions>
          <DialogClose className={buttonClass('primary')}>完成</DialogClose>
        </DialogActions>
      </Dialog>

      {offline && (
        <p className={styles.offline}>
          当前无法连接服务器，已在本机按保存的商品目录匹配；加入的商品将存入离线购物车，联网后自动同步。
        </p>
      )}

      {rows.length > 0 && (
        <>
          <div className={styles.toolbar}>
            <span className={styles.summary} role="status">
              共 {rows.length} 行，已匹配 {matched} 行
              {rows.length > matched ? `，${rows.length - matched} 行未匹配（可修改后重新匹配）` : ''}
            </span>
            <span className={styles.grow} />
            <LinesButtons
              count={lines.length}
              invalid={invalid}
              pending={pending}
              addText="全部加入购物车"
              onSave={() => setSaving(true)}
              onAdd={() => void addAll()}
            />
          </div>
          {/* The window's list starts at the table (its header row is within the overscan). */}
          <div {...results.listProps}>
            <DataTable caption="清单匹配结果" columns={COLUMNS} busy={matcher.isPending}>
              <SpacerRow height={results.padTop} colSpan={COLUMNS.length} />
              {results.items.flatMap(({ index, gapBefore }) => {
                const r = rows[index];
                const options = [...(r.line.match ? [r.line.match] : []), ...r.line.alternatives];
                const bad = parseQuantity(r.number) === null;
                return [
                  ...(gapBefore > 0
                    ? [<SpacerRow key={`gap-${r.key}`} height={gapBefore} colSpan={COLUMNS.length} />]
                    : []),
                  <tr
                    key={r.key}
                    ref={results.measureRef}
                    data-index={index}
                    className={r.chosen ? undefined : styles.unmatched}
                    data-row={r.line.line}
                  >
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`加入第${r.line.line}行`}
                        disabled={!r.chosen}
                        checked={r.include && r.chosen !== null}
                        onChange={(e) => update(r.key, { include: e.target.checked })}
                      />
                    </td>
                    <td className={styles.num}>{r.line.line}</td>
                    <td>
                      {r.chosen ? (
                        <span>{r.line.raw}</span>
                      ) : (
                        <div className={styles.edit}>
                          <input
                            className={styles.input}
                            aria-label={`修改第${r.line.line}行`}
                            value={edits.get(r.key) ?? r.line.raw}
                            onChange={(e) => setEdits((prev) => new Map(prev).set(r.key, e.target.value))}
                            onKeyDown={(e) => {
                              if (e.key === 'Enter') {
                                e.preventDefault();
                                void rematch(r);
                              }
                            }}
                          />
                          <button
                            type="button"
                            className={buttonClass('outline', { size: 'sm' })}
                            onClick={() => void rematch(r)}
                          >
                            重新匹配
                          </button>
                        </div>
                      )}
                      {r.line.problem && <span className={`${styles.sub} ${styles.refused}`}>{r.line.problem}</span>}
                    </td>
                    <td>
                      {r.chosen ? (
                        <>
                          <GoodsCell goods={r.chosen} />
                          {r.line.method && r.chosen.id === r.line.match?.id && (
                            <span className={styles.sub}>按{MATCH_METHOD_LABELS[r.line.method]}匹配</span>
                          )}
                        </>
                      ) : (
                        <span className={styles.refused}>
                          {options.length > 0 ? '有多个可能的商品，请选择' : '未找到匹配的商品'}
                        </span>
                      )}
                    </td>
                    <td>
                      {options.length > (r.chosen ? 1 : 0) ? (
                        <select
                          className={styles.select}
                          aria-label={`第${r.line.line}行选择商品`}
                          value={r.chosen?.id ?? ''}
                          onChange={(e) => setRows((prev) => chooseAlternative(prev, r.key, Number(e.target.value)))}
                        >
                          {!r.chosen && <option value="">请选择…</option>}
                          {options.map((g) => (
                            <option key={g.id} value={g.id}>
                              {g.name} {g.ypgg} {g.sccj}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <span className={styles.muted}>—</span>
                      )}
                    </td>
                    <td className={`${styles.num} ${styles.price}`}>
                      {r.chosen?.price != null ? formatPrice(r.chosen.price) : '—'}
                    </td>
                    <td className={styles.num}>{r.chosen ? r.chosen.number : '—'}</td>
                    <td>
                      <input
                        className={styles.qty}
                        inputMode="numeric"
                        aria-label={`第${r.line.line}行数量`}
                        aria-invalid={bad || undefined}
                        value={r.number}
                        onChange={(e) => update(r.key, { number: e.target.value })}
                      />
                    </td>
                    <td>
                      <RowStatusText status={statuses.get(r.key)} />
                    </td>
                  </tr>,
                ];
              })}
              <SpacerRow height={results.padBottom} colSpan={COLUMNS.length} />
            </DataTable>
          </div>
        </>
      )}
      <SaveListDialog
        open={saving}
        onOpenChange={setSaving}
        items={lines.map((l) => ({ goods_id: l.goods.id, number: l.number }))}
      />
    </div>
  );
}
