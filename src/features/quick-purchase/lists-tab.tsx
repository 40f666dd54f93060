// 常购清单: the company's saved selections; 一键加购 sends a list's lines to the cart in one request
// (offline: into the cart draft and the outbox). Offline the lists are those last read online.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { savedListsQuery, useDeleteList } from '../../api/quick-purchase';
import type { SavedList } from '../../domain/quick-purchase';
import { formatDate } from '../../domain/time';
import { alert } from '../../ui/alert-dialog';
import { buttonClass } from '../../ui/button';
import { StateBlock } from '../../ui/state-block';
import { toast } from '../../ui/toast';
import { useAddLines, type AddLine, type RowStatus } from './add-lines';
import { RowStatusText } from './row-status';
import styles from './quick-purchase.module.css';

function ListCard({ list, offline }: { list: SavedList; offline: boolean }) {
  const { add, pending } = useAddLines();
  const remove = useDeleteList();
  const [statuses, setStatuses] = useState<ReadonlyMap<string, RowStatus>>(() => new Map());
  const lines: AddLine[] = list.items.flatMap((i) =>
    i.goods ? [{ key: String(i.goods_id), goods: i.goods, number: i.number }] : [],
  );
  const reorder = async () => {
    const out = await add(lines);
    if (out) setStatuses(out);
  };
  const confirmDelete = () =>
    void alert.open({
      message: `确定删除常购清单“${list.name}”吗？`,
      actions: [
        { label: '取消' },
        {
          label: '删除',
          onClick: () =>
            remove.mutate(list.id, { onSuccess: () => toast.show({ message: '常购清单已删除', tone: 'success' }) }),
        },
      ],
    });
  const titleId = `list-${list.id}`;
  return (
    <article className={styles.listCard} aria-labelledby={titleId}>
      <div className={styles.listHead}>
        <h3 id={titleId} className={styles.listTitle}>
          {list.name}
        </h3>
        <span className={styles.summary}>
          {list.items.length} 种商品 · 更新于 {formatDate(list.updated_at)}
        </span>
        <span className={styles.grow} />
        <button
          type="button"
          className={buttonClass('link', { size: 'sm' })}
          disabled={offline || remove.isPending}
          onClick={confirmDelete}
        >
          删除
        </button>
        <button
          type="button"
          className={buttonClass('primary', { size: 'sm' })}
          disabled={lines.length === 0 || pending}
          onClick={() => void reorder()}
        >
          {pending ? '正在加入…' : '一键加购'}
        </button>
      </div>
      <ul className={styles.listItems}>
        {list.items.map((i) => (
          <li key={i.goods_id}>
            {i.goods ? `${i.goods.name} ${i.goods.ypgg}` : `${i.name}（已下架）`} × {i.number}{' '}
            <RowStatusText status={statuses.get(String(i.goods_id))} />
          </li>
        ))}
      </ul>
    </article>
  );
}

export function ListsTab() {
  const query = useQuery(savedListsQuery());
  if (query.isPending) return <StateBlock kind="loading" text="正在加载常购清单…" />;
  if (query.isError) return <StateBlock kind="failed" text="常购清单加载失败" />;
  const { lists, offline } = query.data;
  return (
    <div>
      {offline && (
        <p className={styles.offline}>当前无法连接服务器，显示的是本机保存的常购清单；一键加购的商品将在联网后同步。</p>
      )}
      {lists.length === 0 ? (
        <StateBlock kind="empty" text="还没有常购清单：在购买记录或粘贴清单中勾选商品后点“保存为常购清单”" />
      ) : (
        <div className={styles.lists}>
          {lists.map((l) => (
            <ListCard key={l.id} list={l} offline={offline} />
          ))}
        </div>
      )}
    </div>
  );
}
