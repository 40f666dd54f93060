// 收藏 toggle (SPEC §8): adding shows the "收藏成功" alert with a way to the favourites list;
// cancelling shows the "已取消" toast. Visitors are sent to sign in first. Offline the change is
// kept on the device and synced later (src/local/writes.ts): the heart changes and a toast says so.
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import {
  FAVORITE_ADDED_MESSAGE,
  FAVORITE_CANCELLED_MESSAGE,
  FAVORITE_VIEW_LABEL,
  useFavoriteAdd,
  useFavoriteCancel,
} from '../../api/favorites';
import { useFavoriteShown } from '../../local';
import { alert } from '../../ui/alert-dialog';
import { toast } from '../../ui/toast';
import { TAP_ONCE_PROPS } from '../../domain/early-taps';
import { useSendToLogin, useViewer } from './use-viewer';
import styles from './favorite-button.module.css';

export const FAVORITES_PATH = '/star';

export interface FavoriteButtonProps {
  goodsId: number;
  isFavorite: boolean | 0 | 1;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function FavoriteButton({ goodsId, isFavorite }: FavoriteButtonProps) {
  const router = useRouter();
  const viewer = useViewer();
  const sendToLogin = useSendToLogin();
  const add = useFavoriteAdd();
  const cancel = useFavoriteCancel();
  // The server's value, unless the device knows better (a queued change; offline, its last state).
  const fromProps = useFavoriteShown(goodsId, Boolean(isFavorite));
  // Follows that value when it changes (refetch, sync), and the buyer's toggle in between.
  const [seen, setSeen] = useState(fromProps);
  const [on, setOn] = useState(fromProps);
  if (seen !== fromProps) {
    setSeen(fromProps);
    setOn(fromProps);
  }
  const busy = add.isPending || cancel.isPending;

  const toggle = () => {
    if (viewer === 'visitor') return sendToLogin();
    if (on) {
      cancel.mutate([goodsId], {
        onSuccess: (result) => {
          setOn(false);
          if (result.provisional) toast.show({ message: result.msg, tone: 'info' });
          else toast.show({ message: FAVORITE_CANCELLED_MESSAGE, tone: 'success' });
        },
      });
      return;
    }
    add.mutate([goodsId], {
      onSuccess: (result) => {
        setOn(true);
        if (result.provisional) {
          toast.show({ message: result.msg, tone: 'info' });
          return;
        }
        void alert.open({
          message: FAVORITE_ADDED_MESSAGE,
          actions: [
            { label: '继续逛逛' },
            { label: FAVORITE_VIEW_LABEL, onClick: () => void router.navigate({ href: FAVORITES_PATH }) },
          ],
        });
      },
    });
  };

  return (
    <button
      type="button"
      className={styles.button}
      data-on={on || undefined}
      aria-pressed={on}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={toggle}
      {...TAP_ONCE_PROPS}
    >
      <HeartIcon filled={on} />
      {on ? '已收藏' : '收藏'}
    </button>
  );
}
