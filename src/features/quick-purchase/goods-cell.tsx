// Name, spec and maker of a goods in a quick-purchase row.
import type { GoodsListItem } from '../../domain/catalog';
import styles from './quick-purchase.module.css';

export function GoodsCell({ goods, fallbackName }: { goods: GoodsListItem | null; fallbackName?: string }) {
  if (!goods) {
    return (
      <>
        <span className={styles.name}>{fallbackName}</span>
        <span className={styles.sub}>已下架或不可购买</span>
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
