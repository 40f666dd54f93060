// /xycj 幸运抽奖: the draw's own page, reached from the home popup and the member centre. The
// operator's pictures on top (GET /api/draw/ads), then the draw (the popup's panel, in the page),
// its rules and window beside the winners' ticker (GET /api/draw/new_record), and the buyer's own
// draws (GET /api/draw/record, first page; all of them at /cjjl 我的抽奖).
import { useQuery } from '@tanstack/react-query';
import { drawActivityQuery, drawSimpleQuery } from '../../api/lucky-draw';
import { formatDateTime } from '../../domain/time';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { SpaLink } from '../../ui/spa-link';
import { StateBlock } from '../../ui/state-block';
import { DrawAds } from './draw-ads';
import { DrawPanel } from './draw-popup';
import { DrawRecords } from './draw-records';
import { WinnersTicker } from './winners-ticker';
import styles from './draw-page.module.css';

export const NO_RUNNING_DRAW_TEXT = '暂无进行中的抽奖活动，敬请期待';

function DrawRules({ drawId }: { drawId: number }) {
  const activity = useQuery(drawActivityQuery(drawId));
  if (!activity.data) return null;
  const a = activity.data;
  return (
    <section className={styles.rules} aria-labelledby="xycj-rules-title">
      <h2 id="xycj-rules-title" className={styles.sectionTitle}>
        活动规则
      </h2>
      <p className={styles.window}>
        活动时间：{formatDateTime(a.starts_at)} 至 {formatDateTime(a.ends_at)}
      </p>
      {a.rules && <p className={styles.rulesText}>{a.rules}</p>}
    </section>
  );
}

export default function DrawPage() {
  const simple = useQuery(drawSimpleQuery());
  const draw = simple.data ?? null;
  return (
    <PageFrame aria-labelledby="xycj-title">
      <PageHeader titleId="xycj-title" title="幸运抽奖" note="下单即可获得抽奖机会，奖品即时到账" />
      <DrawAds />
      {simple.isPending ? (
        <StateBlock kind="loading" text="正在加载抽奖活动…" />
      ) : draw === null ? (
        <StateBlock kind="empty" text={NO_RUNNING_DRAW_TEXT} />
      ) : (
        <div className={styles.grid}>
          <DrawPanel drawId={draw.id} name={draw.name} inline />
          <div className={styles.side}>
            <WinnersTicker drawId={draw.id} />
            <DrawRules drawId={draw.id} />
          </div>
        </div>
      )}
      <section className={styles.records} aria-labelledby="xycj-records-title">
        <header className={styles.recordsHead}>
          <h2 id="xycj-records-title" className={styles.sectionTitle}>
            我的抽奖记录
          </h2>
          <SpaLink href="/cjjl" className={styles.more}>
            查看全部
          </SpaLink>
        </header>
        <DrawRecords page={1} />
      </section>
    </PageFrame>
  );
}
