// One cart line (SPEC §3 "Cart line, in the list"): a goods line, or a combination (type 3) as
// one unit with its members. Memoised and fed by its own store slice, so a change elsewhere in
// the cart never re-renders it.
import { cartLineKindLabel } from '../../domain/cart-line-labels';
import { memo } from 'react';
import type { CartLineView } from '../../domain/cart-types';
import { formatPrice } from '../../domain/money';
import { goodsDetailHref } from '../../ui/goods/goods-facts';
import { GoodsImage } from '../../ui/goods/goods-image';
import { SpaLink } from '../../ui/spa-link';
import { PriceTag } from '../../widgets/goods/price-tag';
import { TagBadges } from '../../ui/goods/tag-badges';
import { GiftNote } from './gift-note';
import { useCartLine } from './cart-context';
import { ladderHint, lineQuantityRules, lineUnit } from './cart-page-state';
import { CheckCell, LineNotes, OpsCell, QuantityCell, TotalCell } from './line-cells';
import { useRenderProbe } from './render-probe';
import styles from './cart-page.module.css';
import goodsText from '../../ui/goods-text.module.css';

const THUMB_PX = 64;
/**
 * Rows of the first phone screen (a warehouse heading and about four lines at 412×823): their
 * thumbnails load at once with priority, one of them is the page's largest paint; the rest lazily.
 */
const EAGER_ROWS = 5;
const MEMBER_THUMB_PX = 40;

export interface LineRowProps {
  id: number;
  /** aria-rowindex (the column header row is 1). */
  rowIndex: number;
  /** The list window's index (data-index): the window measures the row by it. */
  dataIndex: number;
  measureRef: (el: Element | null) => void;
}

function GoodsCell({ line, eager }: { line: CartLineView; eager: boolean }) {
  const g = line.goods;
  const href = goodsDetailHref(g.id);
  const kindLabel = cartLineKindLabel(line);
  return (
    <div role="cell" className={styles.goodsCell}>
      <SpaLink href={href} className={styles.thumb} tabIndex={-1} aria-hidden="true">
        <GoodsImage src={g.goods_image} alt="" size={THUMB_PX} eager={eager} />
      </SpaLink>
      <div className={styles.info}>
        <p className={goodsText.name}>
          {kindLabel && <span className={styles.flashTag}>{kindLabel}</span>}
          <TagBadges tags={g.tags} />{' '}
          <SpaLink href={href} className={goodsText.nameLink}>
            {g.name}
          </SpaLink>
        </p>
        <p className={goodsText.meta}>{g.sccj}</p>
        <p className={goodsText.meta}>
          规格：{g.ypgg}
          <span className={goodsText.sep} aria-hidden="true">
            |
          </span>
          单位：{g.bzdw || '件'}
          {g.zbz > 1 && (
            <>
              <span className={goodsText.sep} aria-hidden="true">
                |
              </span>
              中包装：{g.zbz}
            </>
          )}
        </p>
        <LineNotes line={line} />
        <GiftNote line={line} />
      </div>
    </div>
  );
}

function PriceCell({ line }: { line: CartLineView }) {
  const hint = ladderHint(line, lineQuantityRules(line));
  return (
    <div role="cell" className={styles.priceCell}>
      <PriceTag price={line.price} basePrice={line.goods.price} unit={lineUnit(line)} size="sm" />
      {hint && <span className={styles.ladderHint}>{hint}</span>}
    </div>
  );
}

function CombinationCell({ line }: { line: CartLineView }) {
  const combo = line.combination!;
  return (
    <div role="cell" className={styles.goodsCell}>
      <div className={styles.info}>
        <p className={goodsText.name}>
          <span className={styles.comboTag}>组合购</span> {combo.name}
        </p>
        <ul className={styles.members} aria-label={`${combo.name} 组合商品`}>
          {combo.goods.map((m) => (
            <li key={m.goods_id} className={styles.member}>
              <GoodsImage src={m.goods_image} alt="" size={MEMBER_THUMB_PX} />
              <span className={styles.memberInfo}>
                <SpaLink href={goodsDetailHref(m.goods_id)} className={goodsText.nameLink}>
                  {m.name}
                </SpaLink>
                <span className={goodsText.meta}>
                  {m.ypgg} × {m.quantity}
                  {m.bzdw || '件'}/套
                  {m.price !== null && <> · {formatPrice(m.price)}</>}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <LineNotes line={line} />
      </div>
    </div>
  );
}

function ComboPriceCell({ line }: { line: CartLineView }) {
  return (
    <div role="cell" className={styles.priceCell}>
      <PriceTag price={line.price} unit="套" size="sm" />
    </div>
  );
}

export const LineRow = memo(function LineRow({ id, rowIndex, dataIndex, measureRef }: LineRowProps) {
  useRenderProbe('row', id);
  const line = useCartLine(id);
  if (!line) return null;
  const combination = line.type === 3 && line.combination !== null;
  return (
    <div
      role="row"
      ref={measureRef}
      data-index={dataIndex}
      aria-rowindex={rowIndex}
      className={styles.row}
      data-selected={line.is_selected === 1 || undefined}
      data-invalid={line.goods.is_buy === 0 || undefined}
    >
      <CheckCell line={line} />
      {combination ? <CombinationCell line={line} /> : <GoodsCell line={line} eager={dataIndex < EAGER_ROWS} />}
      {combination ? <ComboPriceCell line={line} /> : <PriceCell line={line} />}
      <QuantityCell line={line} />
      <TotalCell line={line} />
      <OpsCell line={line} />
    </div>
  );
});
