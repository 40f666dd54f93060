// The page of every manifest row a later issue still has to deliver. It names the area so a
// tester knows which work is missing, and keeps the shell and the title of the real route.
import { Link } from '@tanstack/react-router';
import { useCurrentRouteDef } from './current-route';
import type { FeatureArea } from './types';
import styles from './system-page.module.css';

export const AREA_LABELS: Record<FeatureArea, string> = {
  catalogue: '商品目录',
  buying: '购物下单',
  account: '会员账户',
  wallet: '我的钱包',
  promotions: '促销活动',
  selfservice: '自助服务',
  help: '帮助中心',
  registration: '注册登录',
  draw: '抽奖活动',
};

export function underConstructionNotice(area: FeatureArea | undefined): string {
  return `${area ? AREA_LABELS[area] : '该页面'}功能建设中`;
}

export default function UnderConstructionPage() {
  const def = useCurrentRouteDef();
  return (
    <section className={styles.page} aria-labelledby="under-construction-title">
      <h1 id="under-construction-title" className={styles.title}>
        {def.title}
      </h1>
      <p className={styles.text}>{underConstructionNotice(def.area)}，敬请期待。</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          返回首页
        </Link>
      </div>
    </section>
  );
}
