// Lucky-draw goods prizes the company won and no order has carried yet: the next order adds each
// at ¥0 when its stock covers it (server/services/draws/prize-lines.ts). Shown so the buyer knows
// before checkout; nothing to choose.
import { useQuery } from '@tanstack/react-query';
import { pendingPrizesQuery } from '../../api/cart-exchange';
import { DRAW_PRIZE_TAG, type PrizeLineView } from '../../domain/lucky-draw';
import { formatPrice } from '../../domain/money';
import { GoodsImage } from '../../ui/goods/goods-image';
import { TagBadges } from '../../ui/goods/tag-badges';
import { useCartStore } from './cart-context';
import styles from './exchange-chooser.module.css';

export function PendingPrizesView({ prizes }: { prizes: readonly PrizeLineView[] }) {
  if (prizes.length === 0) return null;
  return (
    <section className={styles.panel} aria-label="抽奖奖品" data-pending-prizes="">
      <p className={styles.head}>
        <TagBadges tags={[DRAW_PRIZE_TAG]} />
        <strong>抽奖奖品</strong>
        <span className={styles.status}>下单时随单免费发出</span>
      </p>
      <ul className={styles.list}>
        {prizes.map((p) => (
          <li key={p.record_id} className={styles.goods}>
            <GoodsImage src={p.goods_image} alt="" size={48} />
            <div className={styles.facts}>
              <span className={styles.name}>
                {p.name} <span className={styles.muted}>{p.ypgg}</span>
              </span>
              <span className={styles.muted}>
                {p.prize_name} · {p.number}
                {p.bzdw} · {formatPrice(0)}
                {p.given === 0 && ' · 库存不足，到货后随下一单发出'}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PendingPrizes() {
  const online = useCartStore().mode === 'server';
  const query = useQuery({ ...pendingPrizesQuery(), enabled: online });
  if (!online || !query.data) return null;
  return <PendingPrizesView prizes={query.data.list} />;
}
