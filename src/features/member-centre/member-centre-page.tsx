// /user 会员中心 (user_hyzx): who the member is and who serves it, its orders per status (each a
// link to that order-list tab), its wallet with the coupons about to expire, and quick links.
// One call (GET /api/user/member_card): the header does not load the user base on this route
// (SPEC §2), so everything the page shows comes from that answer.
import { useQuery } from '@tanstack/react-query';
import { memberCardQuery } from '../../api/wallet';
import type { MemberCard } from '../../domain/wallet';
import { PageFrame } from '../../ui/page-frame';
import { QueryStates } from '../../ui/state-block';
import { MemberProfile } from './member-profile';
import { OrderCounts } from './order-counts';
import { QualificationState } from './qualification-state';
import { QuickLinks } from './quick-links';
import { RecentMessages } from './recent-messages';
import { WalletSummary } from './wallet-summary';
import styles from './member-centre.module.css';

export function MemberCentre({ card }: { card: MemberCard }) {
  return (
    <>
      <MemberProfile card={card} />
      <QualificationState />
      <OrderCounts counts={card.order_counts} />
      <WalletSummary card={card} />
      <RecentMessages />
      <QuickLinks />
    </>
  );
}

export default function MemberCentrePage() {
  const card = useQuery(memberCardQuery());
  const body =
    card.isPending || card.isError || !card.data ? (
      <QueryStates query={card} loading="正在加载会员信息…" failed="会员信息加载失败" />
    ) : (
      <MemberCentre card={card.data} />
    );
  return (
    <PageFrame aria-labelledby="member-centre-title" className={styles.page}>
      <h1 id="member-centre-title" className={styles.srOnly}>
        会员中心
      </h1>
      {body}
    </PageFrame>
  );
}
