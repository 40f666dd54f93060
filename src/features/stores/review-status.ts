// A store's review state as the head office reads it.
import type { ReviewStatus } from '../../domain/user';

export const REVIEW_STATUS_TEXT: Record<ReviewStatus, string> = {
  draft: '资料未提交',
  pending: '审核中',
  approved: '已审核',
  rejected: '审核未通过',
};
