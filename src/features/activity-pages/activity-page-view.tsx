// One configurable activity page (banner, title, countdown, rule text, goods sections) as the
// server configures it (GET /api/activity/page). Every activity route renders it with its key.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { activityPageQuery, sendActivityTap, type ActivityPageKey } from '../../api/activity-pages';
import type { ActivitySection } from '../../domain/activity-pages';
import { isApiError } from '../../domain/api-error';
import { formatFen } from '../../domain/money';
import { StateBlock } from '../../ui/state-block';
import { SpaLink } from '../../ui/spa-link';
import { TabBar } from '../../ui/tab-bar';
import { GoodsTile } from '../../widgets/goods/goods-tile';
import { ActivityCountdown } from './activity-countdown';
import styles from './activity-page.module.css';

function Section({ section, moreHref }: { section: ActivitySection; moreHref?: string }) {
  const titleId = `activity-section-${section.id}`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <header className={styles.sectionHead}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {section.name}
        </h2>
        {section.description && <p className={styles.sectionNote}>{section.description}</p>}
        {moreHref && section.total > section.goods.length && (
          <SpaLink
            href={moreHref}
            className={styles.more}
            onClick={() => sendActivityTap({ url: moreHref, source: 'activity_more' })}
          >
            查看全部{section.total}个商品 ›
          </SpaLink>
        )}
      </header>
      {section.goods.length === 0 ? (
        <p className={styles.empty}>本专场商品已售罄，敬请期待</p>
      ) : (
        <ul className={styles.tiles}>
          {section.goods.map((g) => (
            <li key={g.id} className={styles.tileCell}>
              {g.activity_price !== null && (
                <span className={styles.activityPrice}>活动价 ¥{formatFen(g.activity_price)}</span>
              )}
              <GoodsTile item={g} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface ActivityPageViewProps {
  pageKey: ActivityPageKey;
  /** Where "all goods" of a section leads (the /yyh/list and /zhmz/list pages). */
  moreHref?: string;
  /** /Hdzx: the sections are tabs; `current` is the shown one (default the first). */
  tabs?: { hrefOf: (sectionId: number) => string; current?: number };
}

export function ActivityPageView({ pageKey, moreHref, tabs }: ActivityPageViewProps) {
  const query = useQuery(activityPageQuery(pageKey));
  const router = useRouter();
  const missing = query.isError && isApiError(query.error) && query.error.status === 404;
  useEffect(() => {
    if (missing) void router.navigate({ to: '/noActivity', replace: true });
  }, [missing, router]);

  if (query.isPending || missing) return <StateBlock kind="loading" text="活动加载中" />;
  if (query.isError) return <StateBlock kind="failed" text="活动加载失败，请稍后重试" />;
  const page = query.data;
  const shown = tabs ? page.sections.filter((s) => s.id === (tabs.current ?? page.sections[0].id)) : page.sections;

  return (
    <article className={styles.page} aria-labelledby="activity-title">
      <header className={styles.banner}>
        {page.banner && <img className={styles.bannerImage} src={page.banner} alt="" width={1200} height={240} />}
        <div className={styles.bannerText}>
          <h1 id="activity-title" className={styles.title}>
            {page.title}
          </h1>
          <ActivityCountdown endsAt={page.ends_at} serverNow={page.timestamp} receivedAt={query.dataUpdatedAt} />
        </div>
      </header>
      {page.rules && (
        <section className={styles.rules} aria-label="活动规则">
          <h2 className={styles.rulesTitle}>活动规则</h2>
          <p>{page.rules}</p>
        </section>
      )}
      {tabs && page.sections.length > 1 && (
        <TabBar
          label="活动"
          tabs={page.sections.map((s) => ({
            key: String(s.id),
            href: tabs.hrefOf(s.id),
            content: s.name,
            current: shown[0]?.id === s.id,
          }))}
        />
      )}
      {shown.length === 0 ? (
        <StateBlock kind="empty" text="该活动不在本活动中心" />
      ) : (
        shown.map((s) => <Section key={s.id} section={s} moreHref={moreHref} />)
      )}
    </article>
  );
}
