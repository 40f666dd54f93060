// 复制到门店 (多门店): a head office copies the selected lines into the carts of the stores it
// manages (POST /api/cart/copy). The server re-checks every line for each store and says which
// lines it could not copy and why; the dialog (copy-to-stores-dialog.tsx, loaded on the first
// hover, focus or click) shows that list instead of a bare count.
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { userBaseQuery } from '../../api/user';
import styles from './copy-to-stores.module.css';

const loadDialog = () => import('./copy-to-stores-dialog');
const CopyDialog = lazy(loadDialog);
const preload = () => void loadDialog().catch(() => undefined);

export function CopyToStores({ lineIds }: { lineIds: readonly number[] }) {
  const user = useQuery(userBaseQuery());
  const isHeadOffice = user.data?.customer.is_head_office === 1;
  const [open, setOpen] = useState(false);
  if (!isHeadOffice) return null;
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        disabled={lineIds.length === 0}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        复制到门店
      </button>
      {open && (
        <Suspense fallback={null}>
          <CopyDialog lineIds={lineIds} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
