// 我的反馈: the company's earlier feedback, newest first, with its screenshots and our reply.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { feedbackListQuery } from '../../api/feedback';
import type { FeedbackItem } from '../../domain/feedback';
import { formatDateTime } from '../../domain/time';
import { buttonClass } from '../../ui/button';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { StateBlock } from '../../ui/state-block';
import { feedbackHref } from './feedback-search';
import styles from './feedback.module.css';

export const MY_FEEDBACK_EMPTY_TEXT = '您还没有提交过反馈';
export const FEEDBACK_WAITING_TEXT = '已收到，客服会尽快回复您';

export function MyFeedback({ page }: { page: number }) {
  const query = useQuery({ ...feedbackListQuery(page), placeholderData: keepPreviousData });
  if (query.isPending) return <StateBlock kind="loading" text="正在加载反馈…" />;
  if (query.isError) {
    const retry = (
      <button type="button" className={buttonClass('secondary', { size: 'sm' })} onClick={() => void query.refetch()}>
        重新加载
      </button>
    );
    return <StateBlock kind="failed" text="反馈加载失败" action={retry} />;
  }
  const { list, total, page_size } = query.data;
  if (list.length === 0) return <StateBlock kind="empty" text={MY_FEEDBACK_EMPTY_TEXT} />;
  return (
    <>
      <ul className={styles.list} aria-label="我的反馈" aria-busy={query.isFetching || undefined}>
        {list.map((f) => (
          <FeedbackCard key={f.id} item={f} />
        ))}
      </ul>
      <Pager page={page} totalPages={pageCountOf(total, page_size)} hrefFor={feedbackHref} />
    </>
  );
}

function FeedbackCard({ item: f }: { item: FeedbackItem }) {
  return (
    <li className={styles.item}>
      <div className={styles.meta}>
        <span className={styles.category}>{f.category_text}</span>
        <span>{formatDateTime(f.created_at)}</span>
        {f.contact !== '' && <span>联系方式：{f.contact}</span>}
      </div>
      <p className={styles.content}>{f.content}</p>
      {f.photos.length > 0 && (
        <ul className={styles.photos} aria-label="截图">
          {f.photos.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt={`截图${i + 1}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {f.reply !== '' ? (
        <p className={styles.reply}>
          <strong>客服回复：</strong>
          {f.reply}
        </p>
      ) : (
        <p className={styles.waiting}>{FEEDBACK_WAITING_TEXT}</p>
      )}
    </li>
  );
}
