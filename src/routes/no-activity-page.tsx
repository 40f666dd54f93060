// /noActivity (SPEC §2): an activity link that leads nowhere, also shown in place by
// /loading/activity when the activity cannot be found.
import { Link } from '@tanstack/react-router';
import styles from './system-page.module.css';

export function NoActivity() {
  return (
    <section className={styles.page} aria-labelledby="no-activity-title">
      <h1 id="no-activity-title" className={styles.title}>
        活动不存在或已结束
      </h1>
      <p className={styles.text}>您访问的活动可能尚未开始、已经结束或已下线，去看看其他优惠吧。</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          返回首页
        </Link>
        <Link to="/lqzx" className={styles.secondary}>
          领券中心
        </Link>
      </div>
    </section>
  );
}

export default NoActivity;
