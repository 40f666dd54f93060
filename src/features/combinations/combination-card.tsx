// One combination: members, set price, saving, a sets stepper and the add.
import { useState } from 'react';
import { combinationCartLine } from '../../api/combinations';
import { useAddToCart } from '../../api/cart';
import { combinationHref, combinationSaving, type CombinationView } from '../../domain/combinations';
import { formatPrice } from '../../domain/money';
import { formatDateTime } from '../../domain/time';
import { GoodsImage } from '../../ui/goods/goods-image';
import { buttonClass } from '../../ui/button';
import { SpaLink } from '../../ui/spa-link';
import { PriceTag } from '../../widgets/goods/price-tag';
import styles from './combinations.module.css';

const THUMB_PX = 72;

/** Sets one add may ask for: what the stock allows, at least 1 so the stepper stays usable. */
export const clampSets = (wanted: number, available: number): number =>
  Math.max(1, Math.min(Number.isFinite(wanted) ? Math.floor(wanted) : 1, Math.max(1, available)));

/**
 * `memberLinks`: each member's name opens its goods page (in the dialog); otherwise the head links
 * to the combination's own dialog (on the list).
 */
export function CombinationCard({
  combination: c,
  memberLinks = false,
}: {
  combination: CombinationView;
  memberLinks?: boolean;
}) {
  const [sets, setSets] = useState(1);
  const { add, isPending } = useAddToCart();
  const saving = combinationSaving(c);
  const soldOut = c.sets < 1;
  return (
    <li className={styles.card} aria-labelledby={`combination-${c.id}`}>
      <header className={styles.head}>
        <h2 id={`combination-${c.id}`} className={styles.name}>
          {c.name}
        </h2>
        <span className={styles.muted}>活动截止 {formatDateTime(c.end_time)}</span>
        {!memberLinks && (
          <SpaLink
            href={combinationHref(c.id)}
            keepScroll
            className={styles.detailLink}
            aria-label={`查看详情：${c.name}`}
          >
            查看详情
          </SpaLink>
        )}
      </header>
      {c.description && <p className={styles.muted}>{c.description}</p>}
      <ul className={styles.members} aria-label={`${c.name}包含的商品`}>
        {c.goods.map((m) => (
          <li key={m.goods_id} className={styles.member}>
            <GoodsImage src={m.goods_image} alt={m.name} size={THUMB_PX} />
            <div>
              <p className={styles.memberName}>
                {memberLinks ? <SpaLink href={`/list/info/${m.goods_id}`}>{m.name}</SpaLink> : m.name}{' '}
                <span className={styles.quantity}>×{m.quantity}</span>
              </p>
              <p className={styles.muted}>
                {m.ypgg} · {m.sccj}
              </p>
              <PriceTag price={m.price} basePrice={m.original_price} unit={m.bzdw} size="sm" />
            </div>
          </li>
        ))}
      </ul>
      <footer className={styles.foot}>
        <div className={styles.setPrice}>
          <span>组合价</span>
          <PriceTag price={c.price} basePrice={c.original_price} unit="套" size="lg" />
          {saving !== null && saving > 0 && <span className={styles.saving}>立省 {formatPrice(saving)}</span>}
        </div>
        <span className={styles.muted}>{soldOut ? '库存不足' : `可购 ${c.sets} 套`}</span>
        <label className={styles.stepper}>
          <span>套数</span>
          <input
            type="number"
            min={1}
            max={Math.max(1, c.sets)}
            value={sets}
            disabled={soldOut}
            onChange={(e) => setSets(clampSets(Number(e.target.value), c.sets))}
          />
        </label>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={soldOut || isPending}
          onClick={() => void add([combinationCartLine(c, sets)])}
        >
          {isPending ? '加入中…' : '加入购物车'}
        </button>
      </footer>
    </li>
  );
}
