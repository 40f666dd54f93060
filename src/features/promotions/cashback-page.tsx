// /hb 满额返现: the running cashback offer's tiers and the goods that count. What an order earns
// is credited to the wallet balance when the order is received (confirmed), and taken back in part
// if a refund brings it below a tier (src/domain/cashback.ts).
import { useQuery } from '@tanstack/react-query';
import { cashbackQuery } from '../../api/promotions';
import { formatPrice } from '../../domain/money';
import { formatDate } from '../../domain/time';
import { GoodsTile } from '../../widgets/goods/goods-tile';
import { QueryStates, StateBlock } from '../../ui/state-block';
import styles from './promotions.module.css';

export const NO_CASHBACK_TEXT = '当前没有进行中的满额返现活动';

export default function CashbackPage() {
  const query = useQuery(cashbackQuery());
  if (query.isPending || query.isError)
    return <QueryStates query={query} loading="正在加载满额返现…" failed="满额返现加载失败" retry="outline" />;
  const { offer, goods } = query.data;
  if (!offer) return <StateBlock kind="empty" text={NO_CASHBACK_TEXT} />;
  return (
    <div className={styles.page}>
      <section aria-labelledby="hb-title">
        <header className={`${styles.banner} ${styles.bannerCashback}`}>
          <div>
            <h1 id="hb-title" className={styles.bannerTitle}>
              {offer.name}
            </h1>
            <p className={styles.bannerText}>{offer.description}</p>
          </div>
          <span className={styles.clock}>
            活动时间 {formatDate(offer.starts_at)} 至 {formatDate(offer.ends_at)}
          </span>
        </header>
        <h2 className={styles.sectionTitle}>
          返现档位
          <span className={styles.sectionNote}>按单笔订单中活动商品（正价）金额计算，确认收货后返至账户余额</span>
        </h2>
        <ul className={styles.tiers}>
          {offer.tiers.map((t) => (
            <li key={t.amount} className={styles.tier}>
              <span className={styles.tierBack}>返{formatPrice(t.back)}</span>
              <span className={styles.tierWhen}>满{formatPrice(t.amount)}</span>
            </li>
          ))}
        </ul>
        <h2 className={styles.sectionTitle}>
          活动商品
          <span className={styles.sectionNote}>
            {offer.all_goods ? '全场正价商品均参与' : `共${goods.length}个品种`}
          </span>
        </h2>
        {goods.length > 0 ? (
          <div className={styles.grid}>
            {goods.map((g, i) => (
              <GoodsTile key={g.id} item={g} eager={i < 4} />
            ))}
          </div>
        ) : (
          !offer.all_goods && <StateBlock kind="empty" text="活动商品正在准备中" />
        )}
      </section>
    </div>
  );
}
