// The member centre's first block: the company, its rank and review state, the signed-in user,
// and the account manager and salesperson with phones the buyer can tap.
import type { MemberCard, StaffContact } from '../../domain/wallet';
import styles from './member-centre.module.css';

const REVIEW_TEXT: Record<string, string> = {
  approved: '资质已审核',
  pending: '资质审核中',
  rejected: '资质未通过',
  draft: '资质待提交',
};

function Contact({ role, who }: { role: string; who: StaffContact | null }) {
  return (
    <div className={styles.contact}>
      <span className={styles.muted}>{role}</span>
      {who ? (
        <>
          <span>{who.name}</span>
          <a href={`tel:${who.phone}`} className={styles.phone}>
            {who.phone}
          </a>
        </>
      ) : (
        <span className={styles.muted}>暂未分配</span>
      )}
    </div>
  );
}

export function MemberProfile({ card }: { card: MemberCard }) {
  return (
    <section className={`${styles.block} ${styles.profile}`} aria-labelledby="member-profile-title">
      <div className={styles.who}>
        <h2 id="member-profile-title" className={styles.company}>
          {card.company.name}
        </h2>
        <p className={styles.meta}>
          <span className={styles.rank}>会员等级 V{card.company.rank}</span>
          <span className={styles.review} data-passed={card.company.is_passed}>
            {REVIEW_TEXT[card.company.review_status] ?? card.company.review_status}
          </span>
          <span className={styles.muted}>
            账号：{card.user.username}
            {card.user.name && `（${card.user.name}）`}
          </span>
        </p>
      </div>
      <div className={styles.contacts}>
        <Contact role="专属客户经理" who={card.account_manager} />
        <Contact role="业务员" who={card.salesperson} />
      </div>
    </section>
  );
}
