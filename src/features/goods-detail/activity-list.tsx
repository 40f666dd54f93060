// The promotions running for this goods (GET /api/goods/activities), one line each; a group buy
// links to its page, a combination to its dialog on /zhzq.
import { Link } from '@tanstack/react-router';
import type { GoodsActivity } from '../../domain/catalog';
import { combinationHref } from '../../domain/combinations';
import { formatDate } from '../../domain/time';
import { SpaLink } from '../../ui/spa-link';
import { activityKindLabel, COMBINATION_KIND, GROUP_BUY_KIND } from './activities';
import styles from './goods-detail.module.css';

export function ActivityList({
  activities,
  goodsId,
  groupBuyPage,
}: {
  activities: readonly GoodsActivity[];
  goodsId: number;
  groupBuyPage: boolean;
}) {
  if (activities.length === 0) return null;
  return (
    <div className={styles.row}>
      <span className={styles.rowLabel}>促销</span>
      <ul className={styles.activities}>
        {activities.map((a) => (
          <li key={a.id} className={styles.activity}>
            <span className={styles.activityKind}>{activityKindLabel(a.kind)}</span>
            <span className={styles.activityText}>
              {a.name}
              {a.rules.length > 0 ? `：${a.rules.join('，')}` : a.description ? `：${a.description}` : ''}
            </span>
            <span className={styles.activityEnd}>至 {formatDate(a.ends_at)}</span>
            {a.kind === GROUP_BUY_KIND && !groupBuyPage && (
              <Link to={`/list/info-pt/${goodsId}`} className={styles.inlineLink}>
                去拼团
              </Link>
            )}
            {a.kind === COMBINATION_KIND && (
              <SpaLink href={combinationHref(a.id)} className={styles.inlineLink}>
                查看组合
              </SpaLink>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
