// 资质状态 in the member centre: whether a lapsed required certificate stops ordering, and which
// certificates expire within EXPIRING_WITHIN_DAYS, each a way to /zzzj where renewals are uploaded.
import { useQuery } from '@tanstack/react-query';
import { certificatesQuery } from '../../api/qualifications';
import { EXPIRING_WITHIN_DAYS } from '../../domain/qualifications';
import { SpaLink } from '../../ui/spa-link';
import styles from './member-centre.module.css';

export function QualificationState() {
  const certificates = useQuery(certificatesQuery());
  const data = certificates.data;
  const soon = data?.list.filter((c) => c.expiry === 'expiring' || c.expiry === 'expired') ?? [];
  return (
    <section className={styles.block} aria-labelledby="member-qualification-title">
      <header className={styles.blockHead}>
        <h2 id="member-qualification-title">资质状态</h2>
        <SpaLink href="/zzzj" className={styles.more}>
          资质证件 ›
        </SpaLink>
      </header>
      {certificates.isPending && <p className={styles.muted}>正在加载资质…</p>}
      {certificates.isError && <p className={styles.muted}>资质信息加载失败，请稍后再试</p>}
      {data && data.blocking.length > 0 && (
        <p className={styles.alert} role="alert">
          {data.blocking.join('、')}已过期，暂不能下单，请上传新证件
        </p>
      )}
      {data && soon.length === 0 && <p className={styles.muted}>全部证件在有效期内（{data.list.length}项）</p>}
      {soon.length > 0 && (
        <ul className={styles.messages} aria-label={`已过期或${EXPIRING_WITHIN_DAYS}天内到期的证件`}>
          {soon.map((c) => (
            <li key={c.id}>
              <SpaLink href="/zzzj">{c.kind_name}</SpaLink>
              <span className={c.expiry === 'expired' ? styles.soon : styles.muted}>
                {c.expiry === 'expired' ? '已过期' : `${c.days_left}天后到期`}（{c.expires_on}）
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
