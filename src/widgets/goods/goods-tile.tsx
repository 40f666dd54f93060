// The grid card every list, zone, search result and the home page shows: what a pharmacy buyer
// checks before buying (spec, maker, expiry, price, stock) and a compact add control, in a fixed
// shape so a grid of them never shifts while images load.
import { memo } from 'react';
import type { GoodsListItem } from '../../domain/catalog';
import { AddToCartControl } from './add-to-cart';
import { goodsDetailHref, isNearExpiry, stockText } from '../../ui/goods/goods-facts';
import { GoodsImage } from '../../ui/goods/goods-image';
import { PriceTag } from './price-tag';
import { TagBadges } from '../../ui/goods/tag-badges';
import styles from './goods-tile.module.css';
import goodsText from '../../ui/goods-text.module.css';
import { Highlight } from '../../ui/highlight';
import { SpaLink } from '../../ui/spa-link';

export { goodsDetailHref };

/**
 * `highlight`: the search keywords to mark in the name and manufacturer (search results).
 * `eager`: a tile in the first row, whose image is likely the largest paint: loaded at once.
 */
export interface GoodsTileProps {
  item: GoodsListItem;
  highlight?: string;
  eager?: boolean;
}

/**
 * Memoised: a list re-renders as its other queries settle (categories, the user base, a refetch
 * that returns the same goods), and its 20 tiles with their controls need not follow (issue 21 §2).
 * `item` objects come from the query cache, which keeps unchanged ones identical.
 */
export const GoodsTile = memo(function GoodsTile({ item, highlight, eager = false }: GoodsTileProps) {
  const href = goodsDetailHref(item.id);
  const near = isNearExpiry(item);
  return (
    <article className={styles.tile} aria-labelledby={`goods-tile-${item.id}`}>
      {/* The name link below is the one tab stop; the image repeats it for pointer users. */}
      <SpaLink href={href} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        <GoodsImage src={item.goods_image} alt={item.name} eager={eager} />
      </SpaLink>
      <div className={styles.body}>
        <div className={styles.facts}>
          <h3 className={styles.name} id={`goods-tile-${item.id}`}>
            {item.tags.length > 0 && (
              <span className={styles.tags}>
                <TagBadges tags={item.tags} />
              </span>
            )}
            <SpaLink href={href} className={goodsText.nameLink} title={item.name}>
              <Highlight text={item.name} query={highlight} />
            </SpaLink>
          </h3>
          <p className={goodsText.meta} title={item.ypgg}>
            {item.ypgg}
          </p>
          <p className={goodsText.meta} title={item.sccj}>
            <Highlight text={item.sccj} query={highlight} />
          </p>
          <p className={goodsText.meta}>
            {item.expires_on ? <>效期至 {item.expires_on}</> : '效期 --'}
            {near && <span className={styles.jxq}>近效期</span>}
          </p>
          <div className={styles.priceRow}>
            <PriceTag price={item.price} basePrice={item.base_price} unit={item.bzdw} size="md" />
            <span className={styles.stock} data-out={item.number <= 0 || undefined}>
              {stockText(item.number, item.bzdw)}
            </span>
          </div>
        </div>
        <AddToCartControl goods={item} layout="compact" />
      </div>
    </article>
  );
});
