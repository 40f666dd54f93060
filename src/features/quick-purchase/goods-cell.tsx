// Name, spec and maker of a goods in a quick-purchase row.
import type { GoodsListItem } from '../../domain/catalog';
import styles from './quick-purchase.module.css';

export interface GoodsCellProps {
  goods: GoodsListItem | null;
  fallbackName?: string;
  /** The history row says the goods was taken off sale (else it is 控销 or gone). */
  offSale?: boolean;
}

export function GoodsCell({ goods, fallbackName, offSale }: GoodsCellProps) {
  if (!goods) {
    return (
      <>
        <span className={styles.name}>{fallbackName}</span>
        <span className={styles.sub}>{offSale ? '已下架' : '已下架或不可购买'}</span>
      </>
    );
  }
  return (
    <>
      <span className={styles.name}>{goods.name}</span>
      <span className={styles.sub}>
        {goods.ypgg} · {goods.sccj} · 编码 {goods.id}
      </span>
    </>
  );
}
