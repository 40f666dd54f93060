// Unknown, hidden (控销 for others) or withdrawn goods: a calm page with ways to go on shopping,
// instead of the global error alert.
import { Link } from '@tanstack/react-router';
import styles from './goods-detail.module.css';

export const GOODS_MISSING_TEXT = '商品不存在或已下架';

export function GoodsMissing() {
  return (
    <section className={styles.state} aria-labelledby="goods-missing-title">
      <h1 id="goods-missing-title" className={styles.stateTitle}>
        {GOODS_MISSING_TEXT}
      </h1>
      <p className={styles.stateText}>该商品可能已下架、暂停销售或链接有误，看看其他商品吧。</p>
      <div className={styles.stateActions}>
        <Link to="/list" className={styles.primaryLink}>
          浏览全部商品
        </Link>
        <Link to="/" className={styles.secondaryLink}>
          返回首页
        </Link>
      </div>
    </section>
  );
}

export function GoodsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className={styles.state} role="alert">
      <h1 className={styles.stateTitle}>商品信息加载失败</h1>
      <p className={styles.stateText}>网络不稳定，请稍后重试。</p>
      <div className={styles.stateActions}>
        <button type="button" className={styles.primaryLink} onClick={onRetry}>
          重新加载
        </button>
        <Link to="/" className={styles.secondaryLink}>
          返回首页
        </Link>
      </div>
    </section>
  );
}
