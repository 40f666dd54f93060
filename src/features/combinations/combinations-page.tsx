// /zhzq 组合购: every active combination as a card — its member goods × quantity, the set price
// against the members bought one by one, the sets the stock allows — and "加入购物车" for a number
// of sets (one cart line of kind 3, priced by the server exactly as shown here). `?id=` opens one
// combination in a dialog over the list (combination-dialog.tsx).
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { combinationsQuery } from '../../api/combinations';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { QueryStates, StateBlock } from '../../ui/state-block';
import { useRouteSearch } from '../../widgets/route-search';
import { CombinationCard } from './combination-card';
import { CombinationDialog } from './combination-dialog';
import { combinationsSearch } from './combinations-search';
import styles from './combinations.module.css';

export const COMBINATIONS_EMPTY_TEXT = '暂无组合购活动';

export default function CombinationsPage() {
  const query = useQuery(combinationsQuery());
  const list = query.data?.list ?? [];
  const { id } = useRouteSearch(combinationsSearch);
  const router = useRouter();
  const closeDialog = () => void router.navigate({ href: '/zhzq', replace: true, resetScroll: false });
  return (
    <PageFrame aria-labelledby="combinations-title">
      <PageHeader titleId="combinations-title" title="组合购" note="多件搭配一起买，组合价更优惠" />
      {query.isPending || query.isError ? (
        <QueryStates query={query} loading="正在加载组合…" failed="组合活动加载失败" retryText="重试" />
      ) : list.length === 0 ? (
        <StateBlock kind="empty" text={COMBINATIONS_EMPTY_TEXT} />
      ) : (
        <ul className={styles.list} aria-label="组合列表">
          {list.map((c) => (
            <CombinationCard key={c.id} combination={c} />
          ))}
        </ul>
      )}
      {id !== null && <CombinationDialog key={id} id={id} onClose={closeDialog} />}
    </PageFrame>
  );
}
