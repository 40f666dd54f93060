// "满额返现：再买¥x返¥y" beside the cart's and checkout's totals: the running cashback offer
// (GET /api/activity/cashback, cached) applied to the lines the buyer has selected, by the same
// rule the server credits with (src/domain/cashback.ts). Nothing shows without an offer, without
// prices, or when the offer cannot be read: it is a hint, never a reason to fail a page.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { cashbackQuery } from '../../api/promotions';
import { cashbackHintText, cashbackPreview, type CashbackLine } from '../../domain/cashback';
import styles from './cashback-hint.module.css';

export function CashbackHint({ lines, className }: { lines: readonly CashbackLine[]; className?: string }) {
  const { data } = useQuery({ ...cashbackQuery(), meta: { silentErrors: true } });
  const offer = data?.offer;
  if (!offer) return null;
  const text = cashbackHintText(cashbackPreview(offer, lines));
  if (text === null) return null;
  return (
    <p className={className ? `${styles.hint} ${className}` : styles.hint} data-cashback-hint>
      <span className={styles.badge}>返现</span>
      <span>{text}</span>
      <Link to="/hb" className={styles.link}>
        活动商品
      </Link>
    </p>
  );
}
