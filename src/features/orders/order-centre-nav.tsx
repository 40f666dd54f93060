// The order centre's own sections (SPEC §2 /order children), shown above each of its lists.
import { Link } from '@tanstack/react-router';
import styles from './orders.module.css';

const SECTIONS = [
  { key: 'order', to: '/order', text: '我的订单' },
  { key: 'jfdd', to: '/jfdd', text: '积分订单' },
  { key: 'hmdd', to: '/hmdd', text: '含麻药品回执单' },
  { key: 'dzfp', to: '/dzfp', text: '电子发票' },
] as const;

export function OrderCentreNav({ current }: { current: (typeof SECTIONS)[number]['key'] }) {
  return (
    <nav className={styles.centreNav} aria-label="订单中心">
      {SECTIONS.map((s) => (
        <Link key={s.key} to={s.to} aria-current={s.key === current ? 'page' : undefined}>
          {s.text}
        </Link>
      ))}
    </nav>
  );
}
