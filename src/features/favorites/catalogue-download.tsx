// 下载商品目录供离线使用: the whole catalogue pack of the buyer's class onto this device
// (src/local syncCatalogue, docs/offline.md "The catalogue pack"), with progress, pause and resume
// (the chunks already stored are kept), its size and the data's age. Once stored it follows the
// change feed by itself. Offline the buyer can then search, list, open and add any goods.
// The help centre and news articles are read along with it (the worker keeps them, help-v1), and
// the papers an inspector asks for (papers-v1, src/api/papers.ts).
import { useEffect, useRef, useState } from 'react';
import { downloadHelpCentre } from '../../api/articles';
import { keepPapers } from '../../api/papers';
import { keepThumbnails } from '../../api/kept-thumbnails';
import { type DownloadResult, type PackProgress, type PackSummary, useLocalStatus, useOnline } from '../../local';
import { formatDateTime } from '../../domain/time';
import styles from './catalogue-download.module.css';

export const DOWNLOAD_LABEL = '下载商品目录供离线使用';
/** The paging download's budget (src/local downloadForOffline); the pack replaced it on this page. */
export const DOWNLOAD_BUDGET_BYTES = 30 * 1024 * 1024;

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

type State =
  | { phase: 'idle' }
  | { phase: 'running'; progress: PackProgress | null }
  | { phase: 'finished'; text: string; tone: 'done' | 'warn' };

/** What the buyer reads when a download ends; `helpArticles` null when the help centre was not read. */
export function downloadOutcomeText(
  result: DownloadResult | null,
  helpArticles: number | null = null,
): { text: string; tone: 'done' | 'warn' } {
  const outcome = goodsOutcome(result);
  if (helpArticles === null || helpArticles === 0) return outcome;
  return { ...outcome, text: `${outcome.text}；帮助中心文章 ${helpArticles} 篇` };
}

function goodsOutcome(result: DownloadResult | null): { text: string; tone: 'done' | 'warn' } {
  if (result === null) return { text: '请登录后再下载商品目录', tone: 'warn' };
  switch (result.stoppedBy) {
    case 'done':
      return {
        text: `下载完成：已保存 ${result.goods} 件商品（${mb(result.bytes)} MB），离线时可浏览和搜索`,
        tone: 'done',
      };
    case 'budget':
      return { text: `已达到 ${mb(DOWNLOAD_BUDGET_BYTES)} MB 上限：已保存 ${result.goods} 件商品`, tone: 'done' };
    case 'cancelled':
      return { text: `已取消：已保存的 ${result.goods} 件商品仍可离线使用`, tone: 'warn' };
    case 'quota':
      return { text: `本机存储空间不足，已保存 ${result.goods} 件商品`, tone: 'warn' };
    case 'error':
      return { text: `下载中断，已保存 ${result.goods} 件商品，请联网后重试`, tone: 'warn' };
  }
}

/** What the page says about the pack on this device: size and age, or how far a download got. */
export function packSummaryText(s: PackSummary | null): string {
  if (s === null) return '尚未下载';
  if (s.completeAt === null) return `已下载 ${s.chunksStored}/${s.chunks} 部分，可继续下载`;
  const asOf = formatDateTime(s.syncedAt ?? s.completeAt);
  return `已保存 ${s.goods} 件商品，占用约 ${mb(s.rawBytes)} MB（下载 ${mb(s.bytes)} MB），数据更新于 ${asOf}`;
}

export function CatalogueDownload() {
  const online = useOnline();
  const status = useLocalStatus();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [summary, setSummary] = useState<PackSummary | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page pauses the download; what was stored stays and the next start resumes.
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    let live = true;
    void import('../../local')
      .then((local) => local.catalogueSummary())
      .then((s) => {
        if (live) setSummary(s);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [status.account, status.catalogueAsOf, state.phase]);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', progress: null });
    let result: DownloadResult | null = null;
    try {
      const local = await import('../../local');
      const run = await local.syncCatalogue({
        asked: true,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ phase: 'running', progress });
        },
      });
      if (run !== null) {
        const s = await local.catalogueSummary();
        // A finished run (a whole pack, or the deltas of a complete one) reports the pack on the device.
        const stop = run.stoppedBy;
        result =
          stop === 'done' || stop === 'deltas' || stop === 'skipped'
            ? { goods: s?.goods ?? run.goods, bytes: s?.rawBytes ?? run.bytes, stoppedBy: 'done' }
            : { goods: run.goods, bytes: run.bytes, stoppedBy: stop };
      }
    } catch (err) {
      result = { goods: 0, bytes: 0, stoppedBy: 'error', error: err };
    }
    let helpArticles: number | null = null;
    if (result !== null && result.stoppedBy === 'done') {
      // Small (a few dozen answers); a failure here leaves the goods download as it was.
      helpArticles = await downloadHelpCentre(controller.signal).catch(() => null);
      // The papers an inspector asks for (e-contract, 药检报告, 随货同行单); a failure leaves the rest.
      await keepPapers(controller.signal).catch(() => null);
      // The thumbnails of bought and favourited goods, within their budget.
      await keepThumbnails(controller.signal).catch(() => null);
    }
    if (abort.current === controller) abort.current = null;
    setState({ phase: 'finished', ...downloadOutcomeText(result, helpArticles) });
  };

  const running = state.phase === 'running';
  const progress = running ? state.progress : null;
  const disabled = !online || status.account === null;
  const partial = summary !== null && summary.completeAt === null;
  return (
    <section className={styles.panel} aria-labelledby="catalogue-download-title">
      <div className={styles.head}>
        <h2 id="catalogue-download-title" className={styles.title}>
          离线商品目录
        </h2>
        <span className={styles.muted} data-testid="catalogue-pack-summary">
          {packSummaryText(summary)}
        </span>
      </div>
      {running ? (
        <div className={styles.progressRow}>
          <progress
            className={styles.progress}
            max={progress?.chunks || 1}
            value={progress?.chunksStored ?? 0}
            aria-label="下载进度"
          />
          <span className={styles.muted} aria-live="polite">
            {progress
              ? `已下载 ${progress.chunksStored}/${progress.chunks} 部分（共 ${progress.goods} 件商品）`
              : '正在准备…'}
          </span>
          <button type="button" className={styles.cancel} onClick={() => abort.current?.abort()}>
            暂停
          </button>
        </div>
      ) : (
        <div className={styles.progressRow}>
          <button type="button" className={styles.start} disabled={disabled} onClick={() => void start()}>
            {partial ? '继续下载' : DOWNLOAD_LABEL}
          </button>
          {!online && <span className={styles.muted}>联网后可下载</span>}
          {state.phase === 'finished' && (
            <span className={styles.outcome} data-tone={state.tone} role="status">
              {state.text}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
