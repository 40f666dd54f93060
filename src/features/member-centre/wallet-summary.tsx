// 我的钱包 in the member centre: balance, points, coupons and cash vouchers (each a link to its
// wallet page), and the usable ones that expire within EXPIRING_SOON_DAYS.
import { formatPrice } from '../../domain/money';
import { formatDate } from '../../domain/time';
import { COUPON_KIND_TEXT, EXPIRING_SOON_DAYS, type MemberCard } from '../../domain/wallet';
import { SpaLink } from '../../ui/spa-link';
import styles from './member-centre.module.css';

export function WalletSummary({ card }: { card: MemberCard }) {
  const { wallet, coupons, expiring } = card;
  const tiles = [
    { key: 'balance', href: '/yegl', label: '账户余额', value: formatPrice(wallet.balance), note: null },
    { key: 'points', href: '/jfgl', label: '积分', value: String(wallet.points), note: null },
    {
      key: 'coupon',
      href: '/yhq',
      label: '优惠券',
      value: `${coupons.coupon.usable}张`,
      note: coupons.coupon.expiring_soon,
    },
    {
      key: 'voucher',
      href: '/xjq',
      label: '现金券',
      value: `${coupons.voucher.usable}张`,
      note: coupons.voucher.expiring_soon,
    },
  ];
  return (
    <section className={styles.block} aria-labelledby="member-wallet-title">
      <header className={styles.blockHead}>
        <h2 id="member-wallet-title">我的钱包</h2>
        <SpaLink href="/wdqb" className={styles.more}>
          钱包明细 ›
        </SpaLink>
      </header>
      <ul className={styles.tiles}>
        {tiles.map((t) => (
          <li key={t.key}>
            <SpaLink href={t.href} className={styles.tile} data-testid={`wallet-${t.key}`}>
              <strong>{t.value}</strong>
              <span>{t.label}</span>
              {t.note !== null && t.note > 0 && <span className={styles.soon}>{t.note}张即将过期</span>}
            </SpaLink>
          </li>
        ))}
      </ul>
      {expiring.length > 0 && (
        <div className={styles.expiring}>
          <h3>{EXPIRING_SOON_DAYS}天内过期</h3>
          <ul aria-label="即将过期的券">
            {expiring.map((c) => (
              <li key={c.id}>
                <span className={styles.kindTag} data-kind={c.kind}>
                  {COUPON_KIND_TEXT[c.kind]}
                </span>
                <SpaLink href={c.kind === 'coupon' ? '/yhq' : '/xjq'}>{c.name}</SpaLink>
                <span className={styles.muted}>有效期至 {formatDate(c.expires_at)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
