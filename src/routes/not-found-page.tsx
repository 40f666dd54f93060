// /404 (SPEC §2): every unknown path ends here.
import { Link } from '@tanstack/react-router';
import styles from './system-page.module.css';

export default function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        抱歉，您访问的页面不存在
      </h1>
      <p className={styles.text}>页面可能已被删除、更名，或链接有误。您可以返回首页继续选购。</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          返回首页
        </Link>
        <Link to="/help" className={styles.secondary}>
          帮助中心
        </Link>
      </div>
    </section>
  );
}
