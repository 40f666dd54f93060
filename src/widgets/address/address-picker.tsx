// Checkout's 收货地址 section: choose one of the buyer's addresses, add one or fix one inline
// without leaving the order. The default address is chosen until the buyer picks another.
import { useLayoutEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { addressesQuery, defaultAddress } from '../../api/addresses';
import type { Address } from '../../domain/orders';
import { AddressCard } from './address-card';
import { AddressDialog } from './address-dialog';
import styles from './address.module.css';
import { buttonClass } from '../../ui/button';

export interface AddressPickerProps {
  value: number | null;
  onChange: (id: number | null) => void;
  /** Addresses already known (the checkout preview carries them), shown until the list loads. */
  placeholder?: Address[];
  disabled?: boolean;
}

type Editing = { mode: 'new' } | { mode: 'edit'; address: Address } | null;

export function AddressPicker({ value, onChange, placeholder, disabled = false }: AddressPickerProps) {
  const query = useQuery({ ...addressesQuery(), placeholderData: placeholder });
  const [editing, setEditing] = useState<Editing>(null);
  const list = query.data ?? [];

  // Keep a valid choice: the default one at first, another one when the chosen was removed. A layout
  // effect: the choice follows the list in the same task as the list is drawn, so no tap can meet a
  // screen without the address the order would still be sent to (seen in a component test when the
  // preview's addresses differed from the list's, session 29).
  const chosenExists = list.some((a) => a.id === value);
  const fallback = defaultAddress(list)?.id ?? null;
  useLayoutEffect(() => {
    if (query.isPlaceholderData && list.length === 0) return;
    if (!chosenExists && fallback !== value) onChange(fallback);
  }, [chosenExists, fallback, value, onChange, query.isPlaceholderData, list.length]);

  return (
    <fieldset className={styles.picker} disabled={disabled} aria-busy={query.isFetching || undefined}>
      <legend className={styles.pickerLegend}>收货地址</legend>
      {query.isPending ? (
        <p role="status" className={styles.muted}>
          正在加载收货地址…
        </p>
      ) : query.isError && list.length === 0 ? (
        <p className={styles.muted}>
          收货地址加载失败，
          <button type="button" className={buttonClass('link')} onClick={() => void query.refetch()}>
            重新加载
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className={styles.muted}>您还没有收货地址，请先新增一个收货地址。</p>
      ) : (
        <ul className={styles.cards}>
          {list.map((a) => (
            <AddressCard
              key={a.id}
              address={a}
              choose={{ name: 'checkout-address', checked: a.id === value, onChoose: () => onChange(a.id) }}
              actions={
                <button
                  type="button"
                  className={buttonClass('link')}
                  onClick={() => setEditing({ mode: 'edit', address: a })}
                  aria-label={`编辑 ${a.consignee} 的地址`}
                >
                  编辑
                </button>
              }
            />
          ))}
        </ul>
      )}
      <div className={styles.pickerActions}>
        <button type="button" className={buttonClass('secondary')} onClick={() => setEditing({ mode: 'new' })}>
          新增收货地址
        </button>
        <Link to="/addr" className={styles.link}>
          管理收货地址
        </Link>
      </div>
      <AddressDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        address={editing?.mode === 'edit' ? editing.address : null}
        onSaved={(saved) => {
          if (editing?.mode === 'new' && saved) onChange(saved.id);
        }}
      />
    </fieldset>
  );
}
