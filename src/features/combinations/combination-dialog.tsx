// One combination in a dialog over /zhzq (`?id=`, GET /api/combinationMzhg): reached from a card's
// 查看详情 and from a goods that belongs to the combination (its 组合购 promotion line). The same
// card as the list, with each member linked to its goods page; an ended or unknown combination
// says so in the dialog instead of an alert over the page.
import { useQuery } from '@tanstack/react-query';
import { combinationQuery } from '../../api/combinations';
import { isApiError } from '../../domain/api-error';
import { Dialog } from '../../ui/dialog';
import { StateBlock } from '../../ui/state-block';
import { CombinationCard } from './combination-card';
import styles from './combinations.module.css';

export const COMBINATION_GONE_TEXT = '组合活动不存在或已结束';

export function CombinationDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useQuery(combinationQuery(id));
  const title = query.data?.name ?? '组合详情';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} widthPx={760} closeLabel="关闭组合详情">
      {query.isPending ? (
        <StateBlock kind="loading" text="正在加载组合…" />
      ) : query.isError ? (
        <StateBlock
          kind="failed"
          text={isApiError(query.error) && query.error.status === 404 ? query.error.msg : COMBINATION_GONE_TEXT}
        />
      ) : (
        <ul className={styles.list} aria-label="组合详情">
          <CombinationCard combination={query.data} memberLinks />
        </ul>
      )}
    </Dialog>
  );
}
