// /user 会员中心 (user_hyzx): who the member is and who serves it, its orders per status (each a
// link to that order-list tab), its wallet with the coupons about to expire, and quick links.
// One call (GET /api/user/member_card): the header does not load the user base on this route
// (SPEC §2), so everything the page shows comes from that answer.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { memberCardQuery } from '../../api/wallet';
import type { MemberCard } from '../../domain/wallet';
import { buttonClass } from '../../ui/button';
import { PageFrame } from '../../ui/page-frame';
import { StateBlock } from '../../ui/state-block';
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
  let body: ReactNode;
  if (card.isPending) body = <StateBlock kind="loading" text="正在加载会员信息…" />;
  else if (card.isError || !card.data) {
    body = (
      <StateBlock
        kind="failed"
        text="会员信息加载失败"
        action={
          <button
            type="button"
            className={buttonClass('secondary', { size: 'sm' })}
            onClick={() => void card.refetch()}
          >
            重新加载
          </button>
        }
      />
    );
  } else body = <MemberCentre card={card.data} />;
  return (
    <PageFrame aria-labelledby="member-centre-title" className={styles.page}>
      <h1 id="member-centre-title" className={styles.srOnly}>
        会员中心
      </h1>
      {body}
    </PageFrame>
  );
}
