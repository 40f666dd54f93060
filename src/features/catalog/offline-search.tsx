// Search with no server: the goods this buyer has seen or downloaded (the catalogue snapshot in
// src/local), matched on this device by name, common name, 批准文号 or manufacturer, clearly
// marked as coming from the device. Shown by the search page when the list cannot be fetched.
import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SearchType } from '../../domain/contracts';
import { currentLocalRuntime, subscribeLocal } from '../../local';
import { GoodsTile } from '../../widgets/goods/goods-tile';
import { GoodsTable } from './goods-table';
import { StatePanel } from './list-states';
import type { ListView } from '../../domain/list-search';
import listStyles from './list-screen.module.css';
import styles from './search-page.module.css';

export const OFFLINE_SEARCH_NOTE = '离线搜索结果（本机缓存）';
export const OFFLINE_SEARCH_EMPTY = '本机缓存中没有找到相关商品';

export interface OfflineSearchProps {
  keywords: string;
  type: SearchType;
  view: ListView;
}

/** The signed-in account whose store is open, as a key (the search re-runs when it opens). */
function useLocalAccountKey(): string | null {
  return useSyncExternalStore(
    subscribeLocal,
    () => {
      const account = currentLocalRuntime()?.account;
      return account ? `${account.username}:${account.companyId ?? ''}` : null;
    },
    () => null,
  );
}

export function OfflineSearchResults({ keywords, type, view }: OfflineSearchProps) {
  const account = useLocalAccountKey();
  const query = useQuery({
    queryKey: ['local', 'search', account, type, keywords],
    // Dexie arrives with the search itself, never with the page.
    queryFn: async () => (await import('../../local')).searchOffline(keywords, type),
    // A local read: nothing to wait for, nothing to retry, nothing worth keeping.
    networkMode: 'always',
    retry: false,
    gcTime: 0,
    meta: { silentErrors: true },
  });
  const items = query.data ?? [];
  return (
    <div aria-live="polite">
      <p className={styles.offlineNote} role="note">
        {OFFLINE_SEARCH_NOTE}
        <span className={styles.offlineHint}>当前无法连接服务器，以下为本机保存过的商品，价格与库存以联网后为准。</span>
      </p>
      {query.isPending ? null : items.length === 0 ? (
        <StatePanel title={OFFLINE_SEARCH_EMPTY}>
          <p className={listStyles.stateText}>联网后可搜索全部商品；在“我的收藏”页可下载商品目录供离线使用。</p>
        </StatePanel>
      ) : view === 'grid' ? (
        <ul className={listStyles.grid}>
          {items.map((item) => (
            <li key={item.id}>
              <GoodsTile item={item} />
            </li>
          ))}
        </ul>
      ) : (
        <GoodsTable items={items} variant={view === 'table' ? 'table' : 'compact'} highlight={keywords} />
      )}
    </div>
  );
}
