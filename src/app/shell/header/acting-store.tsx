// The top bar's mark while a head office acts as one of its stores (多门店, /ddgl): which store,
// on whose behalf, and the way back. Every page shows it, so nobody orders for a store unawares.
import { useState } from 'react';
import { switchActing } from '../../../api/stores';
import type { ActingAs } from '../../../domain/user';
import { presentError } from '../../../ui/error-presenter';
import { ShellLink } from '../shell-link';
import styles from './acting-store.module.css';

export function ActingStore({ acting }: { acting: ActingAs }) {
  const [busy, setBusy] = useState(false);
  const back = async () => {
    setBusy(true);
    try {
      await switchActing(null, '/ddgl');
    } catch (error) {
      presentError(error);
      setBusy(false);
    }
  };
  return (
    <span className={styles.acting} role="status" data-testid="acting-store">
      <span className={styles.label}>代理门店</span>
      <ShellLink href="/ddgl" className={styles.store} title={`${acting.head_office} 正在代理 ${acting.company}`}>
        {acting.company}
      </ShellLink>
      <button type="button" className={styles.back} disabled={busy} onClick={() => void back()}>
        {busy ? '返回中…' : '返回总部'}
      </button>
    </span>
  );
}
