// 常用功能: the member pages a buyer opens most, one click from the member centre.
import { SpaLink } from '../../ui/spa-link';
import styles from './member-centre.module.css';

const LINKS: { href: string; text: string }[] = [
  { href: '/order', text: '我的订单' },
  { href: '/cart', text: '购物车' },
  { href: '/star', text: '我的收藏' },
  { href: '/addr', text: '收货地址' },
  { href: '/basic', text: '基本信息' },
  { href: '/zzzj', text: '资质证件' },
  { href: '/wdxx', text: '我的消息' },
  { href: '/dzfp', text: '电子发票' },
  { href: '/kjcg', text: '快捷采购' },
  { href: '/jfsc', text: '积分商城' },
  { href: '/cjjl', text: '我的抽奖' },
];

export function QuickLinks() {
  return (
    <section className={styles.block} aria-labelledby="member-links-title">
      <header className={styles.blockHead}>
        <h2 id="member-links-title">常用功能</h2>
      </header>
      <nav className={styles.links} aria-label="常用功能">
        {LINKS.map((l) => (
          <SpaLink key={l.href} href={l.href}>
            {l.text}
          </SpaLink>
        ))}
      </nav>
    </section>
  );
}
