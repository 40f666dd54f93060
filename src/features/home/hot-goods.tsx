// 热销榜 (GET /api/goods/hot): the best sellers as a ranked list beside the recommendations. It
// shares its cache entry with the side bar's cart drawer, which shows the same list.
import { useQuery } from '@tanstack/react-query';
import { hotGoodsQuery } from '../../api/home';
import { GoodsImage } from '../../ui/goods/goods-image';
import { goodsDetailHref } from '../../widgets/goods/goods-tile';
import { PriceTag } from '../../widgets/goods/price-tag';
import { HomeLink } from './home-link';
import { SectionHead } from './section-head';
import { useDeferredAnswer } from './use-deferred-answer';
import styles from './sections.module.css';

/** Rows the ranking shows (the endpoint answers with at most ten). */
const HOT_ROWS = 10;

export function HotGoods() {
  const query = useDeferredAnswer(useQuery(hotGoodsQuery()));
  const items = (query.data ?? []).slice(0, HOT_ROWS);
  return (
    <section className={styles.hot} aria-labelledby="home-hot-title">
      <SectionHead id="home-hot-title" title="热销榜" note="全站销量" />
      {query.isPending ? (
        <div className={styles.hotSkeleton} aria-busy="true" />
      ) : items.length === 0 ? (
        <p className={styles.empty}>暂无热销商品</p>
      ) : (
        <ol className={styles.hotList}>
          {items.map((g, i) => (
            <li key={g.id} className={styles.hotItem}>
              <span className={i < 3 ? `${styles.rank} ${styles.rankTop}` : styles.rank}>{i + 1}</span>
              <span className={styles.hotImage} aria-hidden="true">
                <GoodsImage src={g.goods_image} alt={g.name} size={56} />
              </span>
              <span className={styles.hotText}>
                <HomeLink href={goodsDetailHref(g.id)} className={styles.hotName} title={g.name}>
                  {g.name}
                </HomeLink>
                <span className={styles.hotMeta} title={g.sccj}>
                  {g.ypgg} · {g.sccj}
                </span>
                <PriceTag price={g.price} basePrice={g.base_price} size="sm" />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
