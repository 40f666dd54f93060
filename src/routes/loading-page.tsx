// /loading and /loading/activity (SPEC §2). A category click on a list route goes through
// /loading?to=<url> so the list page remounts with fresh state; the page shows a spinner and
// replaces itself with the target at once. /activity/... arrives at /loading/activity?url=<path>,
// which follows the path when it is one of our routes and otherwise says the activity is gone.
import { Link, useNavigate, useRouter, type AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { NoActivity } from './no-activity-page';
import { sendActivityTap } from '../api/activity-pages';
import { useRouteSearch } from '../widgets/route-search';
import { activityLoadingSearch, loadingSearch } from './safe-href';
import styles from './system-page.module.css';

/** Names that must not be an activity target (they would only loop back here or to 404). */
const NOT_AN_ACTIVITY: ReadonlySet<string> = new Set([
  'catch_all',
  'not_found',
  'activity',
  'loading',
  'loading_activity',
]);

function isActivityRoute(router: AnyRouter, href: string): boolean {
  const pathname = href.replace(/[?#].*$/, '');
  const [, , found] = router.getMatchedRoutes(pathname);
  const name = found?.options.staticData?.def?.name;
  return name !== undefined && !NOT_AN_ACTIVITY.has(name);
}

/** Replaces the loading route by `href` (replace: the back button skips the loading step). */
function useReplaceWith(href: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (href) void navigate({ href, replace: true });
  }, [href, navigate]);
}

function Spinner() {
  return (
    <div className={styles.pending} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>正在加载…</span>
    </div>
  );
}

export default function LoadingPage() {
  const target = useRouteSearch(loadingSearch).to;
  useReplaceWith(target);
  if (target) return <Spinner />;
  return (
    <section className={styles.page} aria-labelledby="loading-invalid-title">
      <h1 id="loading-invalid-title" className={styles.title}>
        跳转地址无效
      </h1>
      <p className={styles.text}>该链接缺少目标页面或不是本站地址。</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          返回首页
        </Link>
      </div>
    </section>
  );
}

export function ActivityLoadingPage() {
  const router = useRouter();
  const href = useRouteSearch(activityLoadingSearch).url;
  const target = href && isActivityRoute(router, href) ? href : null;
  // An /activity/... link is an activity entry: its tap is counted (POST /api/activity/tap).
  useEffect(() => {
    if (target) sendActivityTap({ url: target, source: 'activity_link' });
  }, [target]);
  useReplaceWith(target);
  return target ? <Spinner /> : <NoActivity />;
}
