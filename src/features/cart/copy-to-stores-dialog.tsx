// 复制到门店's dialog (copy-to-stores.tsx's button opens it): the managed stores to choose, the
// copy (POST /api/cart/copy) and what the server could not copy. Loaded on the first open, with
// the dialog library, so the cart's first screen does not carry either (issue 21).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { postCartCopy } from '../../api/cart';
import { managedStoresQuery } from '../../api/stores';
import { toast } from '../../ui/toast';
import type { CartCopyResult } from '../../domain/cart-types';
import styles from './copy-to-stores.module.css';

export default function CopyDialog({ lineIds, onDone }: { lineIds: readonly number[]; onDone: () => void }) {
  const stores = useQuery(managedStoresQuery());
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CartCopyResult | null>(null);
  const nameOf = (userId: number) => stores.data?.find((s) => s.user_id === userId)?.company ?? `门店${userId}`;

  const copy = async () => {
    setBusy(true);
    try {
      const res = await postCartCopy(lineIds, chosen);
      setResult(res.data);
      toast.show({ message: `已复制${res.data.copied.length}条商品到门店购物车`, tone: 'success' });
      if (res.data.skipped.length === 0) onDone();
    } catch {
      // The SPEC §8 presenter has shown the server's refusal; the dialog stays open to retry.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDone()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>复制选中的{lineIds.length}种商品到门店</Dialog.Title>
          {stores.isPending && <p className={styles.muted}>正在加载门店…</p>}
          {stores.isError && <p className={styles.muted}>门店列表加载失败，请稍后再试</p>}
          {stores.data?.length === 0 && <p className={styles.muted}>您的账户下暂无门店</p>}
          <ul className={styles.stores}>
            {stores.data?.map((s) => (
              <li key={s.user_id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(s.user_id)}
                    onChange={(e) =>
                      setChosen((c) => (e.target.checked ? [...c, s.user_id] : c.filter((id) => id !== s.user_id)))
                    }
                  />
                  {s.company}（{s.username}）
                </label>
              </li>
            ))}
          </ul>
          {result && result.skipped.length > 0 && (
            <div className={styles.skipped} role="status">
              <p>以下商品未能复制：</p>
              <ul>
                {result.skipped.map((s) => (
                  <li key={`${s.user_id}-${s.line_id}`}>
                    {nameOf(s.user_id)}：{s.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <button type="button" className={styles.secondary}>
                {result ? '关闭' : '取消'}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={styles.primary}
              disabled={busy || chosen.length === 0}
              onClick={() => void copy()}
            >
              {busy ? '正在复制…' : '确定复制'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
