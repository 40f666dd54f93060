// 商品清单: what is being ordered, at today's price; a line whose price moved since it went into
// the cart says so (the buyer agreed to the old price). A 100–300-line order mounts only the
// lines near the viewport (ui/windowed/use-page-window.ts); gifts and exchanges follow in full.
import { memo, useCallback } from 'react';
import { formatPrice } from '../../domain/money';
import type { CheckoutLine } from '../../domain/orders';
import { GoodsImage } from '../../ui/goods/goods-image';
import type { GiftLineView } from '../../domain/gifts';
import { GiftRows } from './gift-rows';
import type { ExchangeLineView } from '../../domain/exchange';
import type { PrizeLineView } from '../../domain/lucky-draw';
import { ExchangeRows } from './exchange-rows';
import { SpacerRow } from '../../ui/windowed/spacer-row';
import { usePageWindow } from '../../ui/windowed/use-page-window';
import styles from './checkout.module.css';

/** A line's height until measured (px): the 56 px picture and the cell padding. */
const LINE_ROW_PX = 76;
const estimateLine = () => LINE_ROW_PX;
const COLUMN_COUNT = 5;

function PriceMark({ line }: { line: CheckoutLine }) {
  if (line.old_price === null || line.old_price === line.price) return null;
  const up = line.price > line.old_price;
  return (
    <span className={up ? styles.priceUp : styles.priceDown}>
      {up ? '已涨价' : '已降价'}
      <span className={styles.oldPrice}>
        <span className={styles.srOnly}>加入购物车时价格</span>
        {formatPrice(line.old_price)}
      </span>
    </span>
  );
}

const LineRow = memo(function LineRow({
  line,
  index,
  measureRef,
}: {
  line: CheckoutLine;
  index: number;
  measureRef: (el: Element | null) => void;
}) {
  return (
    <tr
      ref={measureRef}
      data-index={index}
      data-changed={line.old_price !== null && line.old_price !== line.price ? '' : undefined}
    >
      <td className={styles.lineImage}>
        <GoodsImage src={line.goods_image} alt="" size={56} />
      </td>
      <td>
        <span className={styles.lineName}>
          {line.name}
          {line.is_ephedrine === 1 && <span className={styles.ephedrineTag}>含麻黄碱</span>}
        </span>
        <span className={styles.lineFacts}>
          {line.ypgg} · {line.sccj}
        </span>
      </td>
      <td className={styles.num}>
        {formatPrice(line.price)}
        <PriceMark line={line} />
      </td>
      <td className={styles.num}>
        {line.number}
        {line.bzdw}
      </td>
      <td className={styles.num}>{formatPrice(line.amount)}</td>
    </tr>
  );
});

export function CheckoutLines({
  lines,
  gifts = [],
  exchanges = [],
  prizes = [],
}: {
  lines: readonly CheckoutLine[];
  gifts?: readonly GiftLineView[];
  exchanges?: readonly ExchangeLineView[];
  prizes?: readonly PrizeLineView[];
}) {
  const count = lines.reduce((sum, l) => sum + l.number, 0);
  const lineKey = useCallback((index: number) => lines[index].cart_id, [lines]);
  const win = usePageWindow<HTMLDivElement>({
    count: lines.length,
    getItemKey: lineKey,
    estimateSize: estimateLine,
    averageSize: LINE_ROW_PX,
  });
  return (
    <section className={styles.section} aria-labelledby="checkout-lines-title">
      <h2 id="checkout-lines-title" className={styles.sectionTitle}>
        商品清单
        <span className={styles.sectionNote}>
          共 {lines.length} 种 {count} 件
        </span>
      </h2>
      <div {...win.listProps}>
        <table className={styles.lines}>
          <thead>
            <tr>
              <th scope="col" colSpan={2}>
                商品
              </th>
              <th scope="col">单价</th>
              <th scope="col">数量</th>
              <th scope="col">小计</th>
            </tr>
          </thead>
          <tbody>
            <SpacerRow height={win.padTop} colSpan={COLUMN_COUNT} />
            {win.items.flatMap(({ index, gapBefore }) => {
              const line = lines[index];
              return [
                ...(gapBefore > 0
                  ? [<SpacerRow key={`gap-${line.cart_id}`} height={gapBefore} colSpan={COLUMN_COUNT} />]
                  : []),
                <LineRow key={line.cart_id} line={line} index={index} measureRef={win.measureRef} />,
              ];
            })}
            <SpacerRow height={win.padBottom} colSpan={COLUMN_COUNT} />
            <GiftRows gifts={gifts} />
            <ExchangeRows exchanges={exchanges} prizes={prizes} />
          </tbody>
        </table>
      </div>
    </section>
  );
}
