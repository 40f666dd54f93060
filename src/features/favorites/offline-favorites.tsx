// The favourites this device knows (src/local: the server's list as last read, plus the changes
// made since), shown when the server cannot be reached. Removing one works offline too: it is
// queued and synced like any favourite change. Loaded lazily: it brings Dexie's hooks.
import { FAVORITE_CANCELLED_MESSAGE, useFavoriteCancel } from '../../api/favorites';
import { useLocalFavorites } from '../../local';
import { toast } from '../../ui/toast';
import { FavoriteRow } from './favorite-row';
import styles from './favorites.module.css';

export const OFFLINE_FAVORITES_NOTE = '当前无法连接服务器，以下为本机保存的收藏，价格与库存以联网后为准';

export default function OfflineFavorites() {
  const rows = useLocalFavorites();
  const cancel = useFavoriteCancel();
  const items = rows.flatMap((r) => (r.item ? [r.item] : []));
  const unknown = rows.length - items.length;
  return (
    <>
      <p className={styles.offlineNote} role="note">
        {OFFLINE_FAVORITES_NOTE}
      </p>
      {items.length === 0 ? (
        <p className={styles.state}>本机没有保存收藏的商品{unknown > 0 ? `（另有${unknown}件商品联网后显示）` : ''}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <FavoriteRow
              key={item.id}
              item={item}
              selected={false}
              onCancel={() =>
                cancel.mutate([item.id], {
                  onSuccess: (result) =>
                    toast.show(
                      result.provisional
                        ? { message: result.msg, tone: 'info' }
                        : { message: FAVORITE_CANCELLED_MESSAGE, tone: 'success' },
                    ),
                })
              }
              cancelling={cancel.isPending && cancel.variables?.includes(item.id) === true}
            />
          ))}
        </ul>
      )}
    </>
  );
}
