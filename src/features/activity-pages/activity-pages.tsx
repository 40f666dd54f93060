// The activity routes (docs/decisions/activity-pages.md): /zqmb 专区活动, /yyh 月月惠 (+ /yyh/list
// every goods), /hdmb 活动专题, /zhmz 组合满赠 (+ /zhmz/list), /yjh/:id? 活动专区 and
// /Hdzx/:ids/:id? 活动中心. Each is the one configurable page with its key.
import { useParams } from '@tanstack/react-router';
import type { ActivityPageCode } from '../../domain/activity-pages';
import { positiveIntParam } from '../../domain/params';
import { ActivityPageView } from './activity-page-view';

const overview = (code: ActivityPageCode, listHref?: string) =>
  function OverviewPage() {
    return <ActivityPageView pageKey={{ code }} moreHref={listHref} />;
  };
const fullList = (code: ActivityPageCode) =>
  function FullListPage() {
    return <ActivityPageView pageKey={{ code, full: true }} />;
  };

export const ZoneActivityPage = overview('zqmb');
export const MonthlyDealsPage = overview('yyh', '/yyh/list');
export const MonthlyDealsListPage = fullList('yyh');
export const ThemeActivityPage = overview('hdmb');
export const ComboGiftPage = overview('zhmz', '/zhmz/list');
export const ComboGiftListPage = fullList('zhmz');

/** /yjh/:id?: one activity zone by id, or every zone running. */
export function ActivityZonePage() {
  const params: { id?: string } = useParams({ strict: false });
  const id = positiveIntParam(params.id) ?? undefined;
  return <ActivityPageView pageKey={{ code: 'yjh', id }} />;
}

/** /Hdzx/:ids/:id?: the activities `ids` as tabs, `id` the open one. */
export function ActivityCentrePage() {
  const params: { ids?: string; id?: string } = useParams({ strict: false });
  const ids = params.ids ?? '';
  const current = positiveIntParam(params.id) ?? undefined;
  return (
    <ActivityPageView
      pageKey={{ code: 'hdzx', ids }}
      tabs={{ current, hrefOf: (id) => `/Hdzx/${encodeURIComponent(ids)}/${id}` }}
    />
  );
}
