// One delivery address: who, which phone, where; optionally a radio to choose it (checkout) and
// the actions the page offers (edit, delete, set default).
import type { ReactNode } from 'react';
import type { Address } from '../../domain/orders';
import { addressText } from './address-rules';
import styles from './address.module.css';

export interface AddressCardProps {
  address: Address;
  /** Checkout: the card is a radio of this group. */
  choose?: { name: string; checked: boolean; onChoose: () => void; disabled?: boolean };
  actions?: ReactNode;
}

export function AddressCard({ address, choose, actions }: AddressCardProps) {
  const text = addressText(address);
  const body = (
    <>
      <span className={styles.who}>
        <span className={styles.consignee}>{address.consignee}</span>
        <span className={styles.phone}>{address.phone}</span>
        {address.is_default === 1 && <span className={styles.defaultBadge}>默认</span>}
      </span>
      <span className={styles.where}>{text}</span>
    </>
  );
  return (
    <li className={styles.card} data-checked={choose?.checked || undefined}>
      {choose ? (
        <label className={styles.choose}>
          <input
            type="radio"
            name={choose.name}
            checked={choose.checked}
            disabled={choose.disabled}
            onChange={choose.onChoose}
            aria-label={`${address.consignee} ${address.phone} ${text}`}
          />
          <span className={styles.cardBody}>{body}</span>
        </label>
      ) : (
        <div className={styles.cardBody}>{body}</div>
      )}
      {actions && <div className={styles.cardActions}>{actions}</div>}
    </li>
  );
}
