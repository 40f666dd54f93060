// The dense views for experienced buyers: `table` (list_table: thumb, name + tags, 规格, 生产厂家,
// 批准文号, 效期 with 批号, 库存, price with its ladder, quantity + add per row) and `compact`
// (list_no_image: the same without images and 批准文号, one line per goods). Rows have a fixed
// minimum height shared with the skeleton, so the page does not shift when the rows arrive.
import { isNearExpiry, stockText } from '../../ui/goods/goods-facts';
import { AddToCartControl } from '../../widgets/goods/add-to-cart';
import { GoodsImage } from '../../ui/goods/goods-image';
import { goodsDetailHref } from '../../widgets/goods/goods-tile';
import { LadderTable } from '../../ui/goods/ladder-table';
import { PriceTag } from '../../widgets/goods/price-tag';
import { TagBadges } from '../../ui/goods/tag-badges';
import type { GoodsListItem } from '../../domain/catalog';
import { Highlight } from '../../ui/highlight';
import { SpaLink } from '../../ui/spa-link';
import skeleton from '../../ui/skeleton.module.css';
import styles from './goods-table.module.css';

export type TableVariant = 'table' | 'compact';

export interface GoodsTableProps {
  items: readonly GoodsListItem[];
  variant: TableVariant;
  /** Search keywords to mark in names and manufacturers. */
  highlight?: string;
}

const THUMB_PX = 56;

function Expiry({ item }: { item: GoodsListItem }) {
  const near = isNearExpiry(item);
  return (
    <>
      <span className={near ? styles.near : undefined}>{item.expires_on || '--'}</span>
      {near && <span className={styles.nearBadge}>近效期</span>}
      {item.batch_no && <span className={styles.sub}>批号 {item.batch_no}</span>}
    </>
  );
}

function Price({ item, withLadder }: { item: GoodsListItem; withLadder: boolean }) {
  const hasLadder = withLadder && item.price !== null && item.ladder_price.length > 0;
  return (
    <>
      <PriceTag price={item.price} basePrice={item.base_price} unit={item.bzdw} size="sm" />
      {hasLadder && (
        // Hover or focus shows the steps: the column stays narrow for the usual single price.
        <span className={styles.ladder}>
          <button type="button" className={styles.ladderButton} aria-describedby={`ladder-${item.id}`}>
            阶梯价
          </button>
          <span className={styles.ladderTip} role="tooltip" id={`ladder-${item.id}`}>
            <LadderTable basePrice={item.price} steps={item.ladder_price} unit={item.bzdw} />
          </span>
        </span>
      )}
    </>
  );
}

function Row({ item, variant, highlight }: { item: GoodsListItem; variant: TableVariant; highlight?: string }) {
  const full = variant === 'table';
  const href = goodsDetailHref(item.id);
  return (
    <tr className={full ? styles.row : styles.compactRow}>
      <th scope="row" className={styles.goods}>
        <div className={styles.goodsCell}>
          {full && (
            <SpaLink href={href} tabIndex={-1} aria-hidden="true" className={styles.thumb}>
              <GoodsImage src={item.goods_image} alt={item.name} size={THUMB_PX} />
            </SpaLink>
          )}
          <div className={styles.nameBlock}>
            <SpaLink href={href} className={styles.name} title={item.name}>
              <Highlight text={item.name} query={highlight} />
            </SpaLink>
            <TagBadges tags={item.tags} />
            {full && item.common_name && item.common_name !== item.name && (
              <span className={styles.sub}>通用名 {item.common_name}</span>
            )}
          </div>
        </div>
      </th>
      <td className={styles.spec}>
        {item.ypgg}
        {full && item.zbz > 1 && (
          <span className={styles.sub}>
            中包装 {item.zbz}
            {item.bzdw}
          </span>
        )}
      </td>
      <td className={styles.maker} title={item.sccj}>
        <Highlight text={item.sccj} query={highlight} />
      </td>
      {full && <td className={styles.approval}>{item.approval_no || '--'}</td>}
      <td className={styles.expiry}>
        <Expiry item={item} />
      </td>
      <td className={styles.stock} data-out={item.number <= 0 || undefined}>
        {stockText(item.number, item.bzdw)}
      </td>
      <td className={styles.price}>
        <Price item={item} withLadder={full} />
      </td>
      <td className={styles.buy}>
        <AddToCartControl goods={item} layout={full ? 'row' : 'compact'} />
      </td>
    </tr>
  );
}

export function GoodsTableHead({ variant }: { variant: TableVariant }) {
  const full = variant === 'table';
  return (
    <thead>
      <tr>
        <th scope="col" className={styles.goods}>
          商品名称
        </th>
        <th scope="col" className={styles.spec}>
          规格
        </th>
        <th scope="col" className={styles.maker}>
          生产厂家
        </th>
        {full && (
          <th scope="col" className={styles.approval}>
            批准文号
          </th>
        )}
        <th scope="col" className={styles.expiry}>
          效期
        </th>
        <th scope="col" className={styles.stock}>
          库存
        </th>
        <th scope="col" className={styles.price}>
          单价
        </th>
        <th scope="col" className={styles.buy}>
          采购数量
        </th>
      </tr>
    </thead>
  );
}

export function GoodsTable({ items, variant, highlight }: GoodsTableProps) {
  return (
    // On a phone the table keeps readable columns and scrolls inside this frame (docs/decisions/phones.md).
    <div className={styles.frame}>
      <table className={variant === 'table' ? styles.table : `${styles.table} ${styles.compact}`}>
        <caption className={styles.caption}>商品列表</caption>
        <GoodsTableHead variant={variant} />
        <tbody>
          {items.map((item) => (
            <Row key={item.id} item={item} variant={variant} highlight={highlight} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Placeholder rows of the same height while the first answer loads. */
export function GoodsTableSkeleton({ variant, rows }: { variant: TableVariant; rows: number }) {
  const cols = variant === 'table' ? 8 : 7;
  return (
    <table className={variant === 'table' ? styles.table : `${styles.table} ${styles.compact}`} aria-hidden="true">
      <GoodsTableHead variant={variant} />
      <tbody className={skeleton.pulse}>
        {Array.from({ length: rows }, (_, r) => (
          <tr key={r} className={variant === 'table' ? styles.row : styles.compactRow}>
            {Array.from({ length: cols }, (_, c) => (
              <td key={c}>
                <span className={styles.bone} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
