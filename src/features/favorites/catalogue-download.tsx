// 下载商品目录供离线使用: pages through the goods of the buyer's level-1 categories into the
// catalogue snapshot on this device (src/local downloadCatalogue), within a 30 MB budget, with
// progress and a cancel button. Offline the buyer can then search and add those goods to the cart.
// The help centre and news articles are read along with it (the worker keeps them, help-v1).
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { downloadHelpCentre } from '../../api/articles';
import { commonDataQuery } from '../../api/common';
import type { DownloadProgress, DownloadResult } from '../../local/index';
import { useLocalStatus, useOnline } from '../../local/online';
import { formatDateTime } from '../../domain/time';
import styles from './catalogue-download.module.css';

export const DOWNLOAD_LABEL = '下载商品目录供离线使用';
/** A promise to the buyer about their disk (src/local checks it goods by goods). */
export const DOWNLOAD_BUDGET_BYTES = 30 * 1024 * 1024;

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

type State =
  | { phase: 'idle' }
  | { phase: 'running'; progress: DownloadProgress | null }
  | { phase: 'finished'; text: string; tone: 'done' | 'warn' };

/** What the buyer reads when a download ends; `helpArticles` null when the help centre was not read. */
export function downloadOutcomeText(result: DownloadResult | null, helpArticles: number | null = null): { text: string; tone: 'done' | 'warn' } {
  const outcome = goodsOutcome(result);
  if (helpArticles === null || helpArticles === 0) return outcome;
  return { ...outcome, text: `${outcome.text}；帮助中心文章 ${helpArticles} 篇` };
}

function goodsOutcome(result: DownloadResult | null): { text: string; tone: 'done' | 'warn' } {
  if (result === null) return { text: '请登录后再下载商品目录', tone: 'warn' };
  switch (result.stoppedBy) {
    case 'done':
      return { text: `下载完成：已保存 ${result.goods} 件商品（${mb(result.bytes)} MB），离线时可浏览和搜索`, tone: 'done' };
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

export function CatalogueDownload() {
  const online = useOnline();
  const status = useLocalStatus();
  const common = useQuery(commonDataQuery());
  const categoryIds = (common.data?.category ?? []).map((c) => c.id);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Leaving the page stops the download; what was saved stays.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', progress: null });
    let result: DownloadResult | null = null;
    try {
      const local = await import('../../local/index');
      result = await local.downloadCatalogue({
        categoryIds,
        budgetBytes: DOWNLOAD_BUDGET_BYTES,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) setState({ phase: 'running', progress });
        },
      });
    } catch (err) {
      result = { goods: 0, bytes: 0, stoppedBy: 'error', error: err };
    }
    let helpArticles: number | null = null;
    if (result !== null && (result.stoppedBy === 'done' || result.stoppedBy === 'budget')) {
      // Small (a few dozen answers); a failure here leaves the goods download as it was.
      helpArticles = await downloadHelpCentre(controller.signal).catch(() => null);
    }
    if (abort.current === controller) abort.current = null;
    setState({ phase: 'finished', ...downloadOutcomeText(result, helpArticles) });
  };

  const running = state.phase === 'running';
  const progress = running ? state.progress : null;
  const total = progress ? Math.max(progress.total, progress.goods) : 0;
  const disabled = !online || status.account === null || categoryIds.length === 0;
  return (
    <section className={styles.panel} aria-labelledby="catalogue-download-title">
      <div className={styles.head}>
        <h2 id="catalogue-download-title" className={styles.title}>
          离线商品目录
        </h2>
        <span className={styles.muted}>
          {status.catalogueAsOf !== null ? `上次下载：${formatDateTime(status.catalogueAsOf)}` : '尚未下载'}，最多占用 {mb(DOWNLOAD_BUDGET_BYTES)} MB
        </span>
      </div>
      {running ? (
        <div className={styles.progressRow}>
          <progress className={styles.progress} max={total || 1} value={progress?.goods ?? 0} aria-label="下载进度" />
          <span className={styles.muted} aria-live="polite">
            {progress ? `已保存 ${progress.goods} 件商品（${mb(progress.bytes)} MB）` : '正在准备…'}
          </span>
          <button type="button" className={styles.cancel} onClick={() => abort.current?.abort()}>
            取消
          </button>
        </div>
      ) : (
        <div className={styles.progressRow}>
          <button type="button" className={styles.start} disabled={disabled} onClick={() => void start()}>
            {DOWNLOAD_LABEL}
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
