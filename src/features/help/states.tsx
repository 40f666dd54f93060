// The in-place states of the help and news pages: loading, offline with nothing cached, missing
// article, and a failure with a retry.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { isServerUnreachable } from '../../api/reachability';
import { isApiError } from '../../domain/api-error';
import styles from './article.module.css';
import { buttonClass } from '../../ui/button';
import { StateBlock } from '../../ui/state-block';

export const OFFLINE_ARTICLE_TEXT = '当前离线，此文章尚未缓存，联网后可查看';
export const OFFLINE_LIST_TEXT = '当前离线，此栏目尚未缓存，联网后可查看';
export const ARTICLE_MISSING_TEXT = '文章不存在';
export const EMPTY_CATEGORY_TEXT = '该栏目暂无文章';

/** A failed read with nothing to show: the server could not be reached (offline, server down). */
export function isOfflineFailure(query: { data: unknown; error: unknown; failureReason: unknown }): boolean {
  return query.data === undefined && isServerUnreachable(query.error ?? query.failureReason);
}

export function isNotFound(err: unknown): boolean {
  return isApiError(err) && err.status === 404;
}

export function Loading({ text = '加载中…' }: { text?: string }) {
  const skeleton = (
    <div className={styles.skeleton} aria-hidden="true">
      <span />
      <span />
      <span />
    </div>
  );
  return <StateBlock kind="loading" attached visual={skeleton} text={text} />;
}

export function Offline({ text = OFFLINE_ARTICLE_TEXT }: { text?: string }) {
  return <StateBlock kind="offline" attached text={text} />;
}

export function Missing({ backTo = '/help', backText = '返回帮助中心' }: { backTo?: string; backText?: string }) {
  const back = (
    <Link to={backTo} className={buttonClass('primary')}>
      {backText}
    </Link>
  );
  return (
    <StateBlock kind="empty" attached title={ARTICLE_MISSING_TEXT} text="该文章可能已删除或链接有误。" action={back} />
  );
}

export function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const retry = (
    <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
      重新加载
    </button>
  );
  return <StateBlock kind="failed" attached text={text} action={retry} />;
}

export function Empty({ children }: { children: ReactNode }) {
  return <StateBlock kind="empty" attached text={children} />;
}
