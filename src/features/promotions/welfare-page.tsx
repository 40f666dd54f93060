// /welfare 全场94折: the welfare zone's goods. The cart takes the percent off as a 满折 (shown in
// its promotion bar), so a tile keeps the member price and the welfare price is stated beside it.
import { useQuery } from '@tanstack/react-query';
import { welfareQuery } from '../../api/promotions';
import { formatPrice } from '../../domain/money';
import { formatDate } from '../../domain/time';
import { discountLabel, welfarePrice } from '../../domain/welfare';
import { GoodsTile } from '../../widgets/goods/goods-tile';
import { QueryStates, StateBlock } from '../../ui/state-block';
import styles from './promotions.module.css';

export const NO_WELFARE_TEXT = '福利专场暂未开始，敬请期待';

export default function WelfarePage() {
  const query = useQuery(welfareQuery());
  if (query.isPending || query.isError)
    return <QueryStates query={query} loading="正在加载福利专场…" failed="福利专场加载失败" retry="outline" />;
  const { promotion, goods } = query.data;
  if (!promotion) return <StateBlock kind="empty" text={NO_WELFARE_TEXT} />;
  return (
    <div className={styles.page}>
      <section aria-labelledby="welfare-title">
        <header className={styles.banner}>
          <div>
            <h1 id="welfare-title" className={styles.bannerTitle}>
              {promotion.name}
            </h1>
            <p className={styles.bannerText}>{promotion.description}</p>
          </div>
          <span className={styles.clock}>
            {formatDate(promotion.starts_at)} 至 {formatDate(promotion.ends_at)}
          </span>
        </header>
        <h2 className={styles.sectionTitle}>
          专场商品
          <span className={styles.sectionNote}>
            共{goods.length}个品种，加入购物车后结算享{discountLabel(promotion.percent)}
          </span>
        </h2>
        {goods.length > 0 ? (
          <div className={styles.grid}>
            {goods.map((g, i) => (
              <div key={g.id}>
                <GoodsTile item={g} eager={i < 4} />
                {g.price !== null && (
                  <p className={styles.welfarePrice} data-welfare-price>
                    {discountLabel(promotion.percent)}后 {formatPrice(welfarePrice(g.price, promotion.percent))}
                  </p>
                )}
              </div>
            ))}
          </div>
        ) : (
          <StateBlock kind="empty" text="专场商品正在准备中" />
        )}
      </section>
    </div>
  );
}
