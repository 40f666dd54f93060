// 为你推荐 (GET /api/index_wntj/1): twelve goods as the shared goods tiles. The grid keeps its
// height while loading (tile-shaped placeholders), so later sections do not jump.
import { useQuery } from '@tanstack/react-query';
import { recommendationsQuery } from '../../api/home';
import { GoodsTile } from '../../widgets/goods/goods-tile';
import { SectionHead } from './section-head';
import { useDeferredAnswer } from './use-deferred-answer';
import styles from './sections.module.css';

/** Placeholders while loading: the three desktop rows the twelve tiles fill. */
const SKELETON_TILES = 12;

export function Recommendations() {
  const query = useDeferredAnswer(useQuery(recommendationsQuery(1)));
  const items = query.data ?? [];
  return (
    <section className={styles.recommend} aria-labelledby="home-recommend-title">
      <SectionHead
        id="home-recommend-title"
        title="为你推荐"
        note="根据采购习惯精选"
        more={{ href: '/list', label: '查看更多' }}
      />
      {query.isPending ? (
        <ul className={styles.tiles} aria-busy="true">
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            <li key={i} className={styles.tileSkeleton} />
          ))}
        </ul>
      ) : items.length === 0 ? (
        <p className={styles.empty}>暂无推荐商品，去看看全部商品吧</p>
      ) : (
        <ul className={styles.tiles}>
          {items.map((item) => (
            <li key={item.id}>
              <GoodsTile item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
