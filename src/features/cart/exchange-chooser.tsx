// 换购 in the cart (src/domain/exchange.ts): for each exchange promotion the selected lines join,
// what is still missing for its tier, or — once reached — its exchange goods at their exchange
// price to pick one of (up to its limit). The server checks the choice (tier, stock, limit,
// price) and checks it again at checkout; leaving the tier drops it there and the next read shows
// it gone. Not on the offline draft: it needs the server.
import { useQuery } from '@tanstack/react-query';
import { exchangeOffersQuery, useChooseExchange } from '../../api/cart-exchange';
import { EXCHANGE_TAG, type ExchangeOffer, type ExchangeOfferGoods } from '../../domain/exchange';
import { formatPrice } from '../../domain/money';
import { buttonClass } from '../../ui/button';
import { GoodsImage } from '../../ui/goods/goods-image';
import { TagBadges } from '../../ui/goods/tag-badges';
import { useCartStore } from './cart-context';
import styles from './exchange-chooser.module.css';

export function exchangeStatusText(
  offer: Pick<ExchangeOffer, 'base' | 'threshold' | 'next_threshold' | 'chosen'>,
): string {
  if (offer.threshold > 0) {
    const now = `已满${formatPrice(offer.threshold)}，${offer.chosen ? '已选换购商品' : '可任选一件商品换购'}`;
    return offer.next_threshold > 0 ? `${now}；再购${formatPrice(offer.next_threshold - offer.base)}可换更多` : now;
  }
  return offer.next_threshold > 0 ? `再购${formatPrice(offer.next_threshold - offer.base)}即可换购` : '';
}

function GoodsRow({ offer, goods }: { offer: ExchangeOffer; goods: ExchangeOfferGoods }) {
  const choose = useChooseExchange();
  const chosen = offer.chosen?.goods_id === goods.goods_id ? offer.chosen : null;
  const max = Math.max(0, Math.min(goods.limit, goods.stock));
  const set = (number: number) =>
    choose.mutate({
      promotion_id: offer.promotion_id,
      goods_id: number === 0 ? 0 : goods.goods_id,
      number,
      price: goods.price,
    });
  return (
    <li className={styles.goods} data-exchange-goods={goods.goods_id} data-chosen={chosen ? '1' : '0'}>
      <GoodsImage src={goods.goods_image} alt="" size={48} />
      <div className={styles.facts}>
        <span className={styles.name}>
          {goods.name} <span className={styles.muted}>{goods.ypgg}</span>
        </span>
        <span className={styles.muted}>
          换购价 <strong className={styles.price}>{formatPrice(goods.price)}</strong>
          {goods.original_price > goods.price && (
            <s className={styles.original}>{formatPrice(goods.original_price)}</s>
          )}{' '}
          · 限换{goods.limit}
          {goods.bzdw}
          {max === 0 && ' · 已换完'}
        </span>
      </div>
      {chosen ? (
        <div className={styles.actions}>
          <label className={styles.number}>
            <span className={styles.visuallyHidden}>换购数量</span>
            <select
              value={chosen.number}
              disabled={choose.isPending}
              onChange={(e) => set(Number(e.target.value))}
              aria-label={`${goods.name}换购数量`}
            >
              {Array.from({ length: Math.max(max, chosen.number) }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                  {goods.bzdw}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            disabled={choose.isPending}
            onClick={() => set(0)}
          >
            取消换购
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={buttonClass('primary', { size: 'sm' })}
          disabled={choose.isPending || max === 0}
          onClick={() => set(1)}
        >
          {offer.chosen ? '改换此件' : '换购'}
        </button>
      )}
    </li>
  );
}

export function ExchangeChooserView({ offers }: { offers: readonly ExchangeOffer[] }) {
  if (offers.length === 0) return null;
  return (
    <section className={styles.panel} aria-label="换购" data-exchange-chooser="">
      {offers.map((offer) => (
        <div key={offer.promotion_id} className={styles.offer} data-exchange-offer={offer.promotion_id}>
          <p className={styles.head}>
            <TagBadges tags={[EXCHANGE_TAG]} />
            <strong>{offer.promotion_name}</strong>
            <span className={styles.status}>{exchangeStatusText(offer)}</span>
          </p>
          {offer.goods.length > 0 && (
            <ul className={styles.list}>
              {offer.goods.map((g) => (
                <GoodsRow key={g.goods_id} offer={offer} goods={g} />
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}

export function ExchangeChooser() {
  const online = useCartStore().mode === 'server';
  const query = useQuery({ ...exchangeOffersQuery(), enabled: online });
  if (!online || !query.data) return null;
  return <ExchangeChooserView offers={query.data.list} />;
}
