// One favourite: select, picture, the facts a buyer compares, price, stock, add to cart, remove.
import type { GoodsListItem } from '../../domain/catalog';
import { AddToCartControl } from '../../widgets/goods/add-to-cart';
import { goodsDetailHref, isNearExpiry, stockText } from '../../ui/goods/goods-facts';
import { GoodsImage } from '../../ui/goods/goods-image';
import { SpaLink } from '../../ui/spa-link';
import { PriceTag } from '../../widgets/goods/price-tag';
import { TagBadges } from '../../ui/goods/tag-badges';
import styles from './favorites.module.css';
import goodsText from '../../ui/goods-text.module.css';
import { buttonClass } from '../../ui/button';

const THUMB_PX = 72;
/** A favourite taken off sale stays listed with this mark (issue 32) and cannot be added to the cart. */
export const FAVORITE_OFF_SALE_TEXT = '已下架';

export interface FavoriteRowProps {
  item: GoodsListItem;
  selected: boolean;
  /** Without it the row has no checkbox (the offline list offers no batch actions). */
  onSelect?: (selected: boolean) => void;
  onCancel: () => void;
  cancelling: boolean;
}

export function FavoriteRow({ item, selected, onSelect, onCancel, cancelling }: FavoriteRowProps) {
  const href = goodsDetailHref(item.id);
  return (
    <li className={styles.row} data-selected={selected || undefined}>
      {onSelect ? (
        <input
          type="checkbox"
          className={styles.check}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`选择 ${item.name}`}
        />
      ) : (
        // Keeps the row's grid columns in place.
        <span aria-hidden="true" />
      )}
      <SpaLink href={href} className={styles.thumb} tabIndex={-1} aria-hidden="true">
        <GoodsImage src={item.goods_image} alt={item.name} size={THUMB_PX} />
      </SpaLink>
      <div className={styles.info}>
        <p className={goodsText.name}>
          <TagBadges tags={item.tags} />{' '}
          <SpaLink href={href} className={goodsText.nameLink}>
            {item.name}
          </SpaLink>
        </p>
        <p className={goodsText.meta}>
          {item.ypgg}
          <span className={goodsText.sep} aria-hidden="true">
            |
          </span>
          {item.sccj}
        </p>
        <p className={goodsText.meta}>
          {item.expires_on ? `效期至 ${item.expires_on}` : '效期 --'}
          {isNearExpiry(item) && <span className={styles.jxq}>近效期</span>}
          {item.off_sale === 1 && (
            <span className={styles.offSale} data-off-sale>
              {FAVORITE_OFF_SALE_TEXT}
            </span>
          )}
        </p>
      </div>
      <div className={styles.price}>
        <PriceTag price={item.price} basePrice={item.base_price} unit={item.bzdw} size="md" />
        <span className={styles.stock} data-out={item.number <= 0 || undefined}>
          {stockText(item.number, item.bzdw)}
        </span>
      </div>
      <div className={styles.buy}>
        <AddToCartControl goods={item} layout="compact" />
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('link')}
          onClick={onCancel}
          disabled={cancelling}
          aria-label={`取消收藏 ${item.name}`}
        >
          取消收藏
        </button>
      </div>
    </li>
  );
}
