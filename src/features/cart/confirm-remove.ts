// SPEC §5: deleting asks first ('are you sure to delete this item?' → 确定要删除该商品吗？).
import { alert } from '../../ui/alert-dialog';
import type { CartStore } from './cart-store';

export function confirmRemove(store: CartStore, ids: readonly number[], message: string): void {
  if (ids.length === 0) return;
  void alert.open({
    message,
    actions: [{ label: '取消' }, { label: '确定', onClick: () => void store.remove(ids) }],
  });
}
