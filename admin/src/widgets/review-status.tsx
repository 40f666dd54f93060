// A company's review status as a coloured tag, the same words everywhere in the console.
import type { CompanyReviewStatus } from '@domain/admin.ts';
import styles from './review-status.module.css';

export const REVIEW_STATUS_TEXT: Record<CompanyReviewStatus, string> = {
  draft: '未提交',
  pending: '待审核',
  approved: '已审核',
  rejected: '已驳回',
};

export function ReviewStatusTag({ status }: { status: CompanyReviewStatus }) {
  return <span className={`${styles.tag} ${styles[status]}`}>{REVIEW_STATUS_TEXT[status]}</span>;
}
