// /lqzx 领券中心: every coupon that can be claimed now. A claim goes to the server, which keeps
// the per-company and total caps (also when many claim at once); the claimed coupon is then in
// 我的优惠券 (/yhq) and offered at checkout. A visitor is sent to sign in first. A member also sees
// the coupons already held, filtered to those the current cart can use (my-usable-coupons.tsx).
import { useQuery } from '@tanstack/react-query';
import { couponOffersQuery, useClaimCoupon } from '../../api/promotions';
import { StateBlock } from '../../ui/state-block';
import { buttonClass } from '../../ui/button';
import { useSendToLogin, useViewer } from '../../widgets/goods/use-viewer';
import { CouponCard } from './coupon-card';
import { MyUsableCoupons } from './my-usable-coupons';
import styles from './promotions.module.css';

export const NO_COUPONS_TEXT = '暂无可领取的优惠券，敬请期待';

export default function CouponCentrePage() {
  const query = useQuery(couponOffersQuery());
  const claim = useClaimCoupon();
  const viewer = useViewer();
  const sendToLogin = useSendToLogin();
  const onClaim = (id: number) => {
    if (viewer === 'visitor') return sendToLogin();
    claim.mutate(id);
  };

  let body;
  if (query.isPending) body = <StateBlock kind="loading" text="正在加载优惠券…" />;
  else if (query.isError)
    body = (
      <StateBlock
        kind="failed"
        text="优惠券加载失败"
        action={
          <button type="button" className={buttonClass('outline', { size: 'sm' })} onClick={() => void query.refetch()}>
            重新加载
          </button>
        }
      />
    );
  else if (query.data.length === 0) body = <StateBlock kind="empty" text={NO_COUPONS_TEXT} />;
  else
    body = (
      <div className={styles.coupons}>
        {query.data.map((o) => (
          <CouponCard key={o.id} offer={o} onClaim={onClaim} busy={claim.isPending && claim.variables === o.id} />
        ))}
      </div>
    );

  return (
    <div className={styles.page}>
      <section aria-labelledby="lqzx-title">
        <header className={`${styles.banner} ${styles.bannerCoupons}`}>
          <div>
            <h1 id="lqzx-title" className={styles.bannerTitle}>
              领券中心
            </h1>
            <p className={styles.bannerText}>先领券再下单，领取的优惠券在“我的优惠券”中查看，结算时自动推荐最优券。</p>
          </div>
        </header>
        <h2 className={styles.sectionTitle}>可领优惠券</h2>
        {body}
      </section>
      {(viewer === 'member' || viewer === 'approved') && <MyUsableCoupons />}
    </div>
  );
}
