// A row's outcome after "加入购物车": added, saved on the device, or refused with the cart rule's words.
import { QUEUED_ROW_TEXT, type RowStatus } from './add-lines';
import styles from './quick-purchase.module.css';

export function RowStatusText({ status }: { status: RowStatus | undefined }) {
  if (!status) return null;
  if (status.kind === 'added') return <span className={styles.added}>已加入购物车</span>;
  if (status.kind === 'queued') return <span className={styles.queued}>{QUEUED_ROW_TEXT}</span>;
  return (
    <span className={styles.refused} role="note">
      未加入：{status.msg}
    </span>
  );
}
