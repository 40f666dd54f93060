// Where a registration stands (step 3, and revisited later): 审核中 / 已通过 / 未通过 with the
// reviewer's reason and the way on (resubmit after a rejection, complete a draft, start buying).
import type { ReactNode } from 'react';
import type { ReviewAnswer } from '../../api/register';
import type { ReviewStatus } from '../../domain/user';
import { accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { SpaLink } from '../../ui/spa-link';
import { buttonClass } from '../../ui/button';
import registerStyles from './register.module.css';

export const REVIEW_LABELS: Record<ReviewStatus, string> = {
  draft: '待提交资质',
  pending: '审核中',
  approved: '审核通过',
  rejected: '审核未通过',
};

const BADGE: Record<ReviewStatus, string> = {
  draft: styles.badgeWarn,
  pending: styles.badgeWarn,
  approved: '',
  rejected: styles.badgeBad,
};

export interface ReviewStatusViewProps {
  answer: ReviewAnswer;
  /** Where the documents are (re)submitted. */
  submitHref: string;
  /** Extra way on under the status (e.g. add another store). */
  extra?: ReactNode;
}

export function ReviewStatusView({ answer, submitHref, extra }: ReviewStatusViewProps) {
  const status = answer.review_status;
  return (
    <div className={styles.result}>
      <p className={styles.resultTitle}>
        {status === 'pending'
          ? '资质已提交，等待审核'
          : status === 'approved'
            ? '资质审核已通过'
            : status === 'rejected'
              ? '资质审核未通过'
              : '尚未提交资质'}
      </p>
      <p className={styles.resultText}>{answer.msg}</p>
      <dl className={registerStyles.statusRows}>
        <dt>企业名称</dt>
        <dd>{answer.company || '—'}</dd>
        <dt>审核状态</dt>
        <dd>
          <span className={`${styles.badge} ${BADGE[status]}`} data-review-status={status}>
            {REVIEW_LABELS[status]}
          </span>
        </dd>
      </dl>
      {status === 'rejected' && answer.review_note !== '' && (
        <p className={styles.note} role="note">
          未通过原因：{answer.review_note}
        </p>
      )}
      <div className={styles.actions}>
        {(status === 'rejected' || status === 'draft') && (
          <SpaLink href={submitHref} className={buttonClass('primary')}>
            {status === 'rejected' ? '修改后重新提交' : '去完善企业资料'}
          </SpaLink>
        )}
        {status === 'approved' ? (
          <SpaLink href="/" className={buttonClass('primary')}>
            开始采购
          </SpaLink>
        ) : (
          <SpaLink href="/" className={buttonClass('secondary')}>
            先去逛逛
          </SpaLink>
        )}
        {extra}
      </div>
    </div>
  );
}
