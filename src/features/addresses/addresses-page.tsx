// /addr 收货地址 (account centre): the company's delivery addresses — add, edit, delete (after a
// confirmation) and choose the default one checkout starts from.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { addressesQuery, useDeleteAddress, useSetDefaultAddress } from '../../api/addresses';
import type { Address } from '../../domain/orders';
import { AddressCard } from '../../widgets/address/address-card';
import { AddressDialog } from '../../widgets/address/address-dialog';
import { alert } from '../../ui/alert-dialog';
import { toast } from '../../ui/toast';
import styles from './addresses-page.module.css';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { buttonClass } from '../../ui/button';

export const ADDRESS_DELETE_CONFIRM = '确定删除该收货地址吗？';
export const ADDRESS_DELETED_MESSAGE = '收货地址已删除';
export const ADDRESS_DEFAULT_MESSAGE = '已设为默认收货地址';
export const ADDRESSES_EMPTY_TEXT = '您还没有收货地址';

type Editing = { mode: 'new' } | { mode: 'edit'; address: Address } | null;

export default function AddressesPage() {
  const query = useQuery(addressesQuery());
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const list = query.data ?? [];

  const confirmDelete = (a: Address) => {
    void alert.open({
      message: ADDRESS_DELETE_CONFIRM,
      actions: [
        { label: '取消' },
        {
          label: '删除',
          onClick: () =>
            remove.mutate(a.id, { onSuccess: () => toast.show({ message: ADDRESS_DELETED_MESSAGE, tone: 'success' }) }),
        },
      ],
    });
  };

  const makeDefault = (a: Address) =>
    setDefault.mutate(a.id, { onSuccess: () => toast.show({ message: ADDRESS_DEFAULT_MESSAGE, tone: 'success' }) });

  const busy = remove.isPending || setDefault.isPending;

  return (
    <PageFrame aria-labelledby="addr-title">
      <PageHeader
        titleId="addr-title"
        title="收货地址"
        className={styles.header}
        note={query.isSuccess && list.length > 0 && `共 ${list.length} 个地址`}
        actions={
          <button type="button" className={buttonClass('primary')} onClick={() => setEditing({ mode: 'new' })}>
            新增收货地址
          </button>
        }
      />

      {query.isPending ? (
        <p className={styles.state} role="status">
          正在加载收货地址…
        </p>
      ) : query.isError ? (
        <div className={styles.state}>
          <p>收货地址加载失败</p>
          <button type="button" className={buttonClass('secondary')} onClick={() => void query.refetch()}>
            重新加载
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className={styles.state}>
          <p>{ADDRESSES_EMPTY_TEXT}</p>
          <p className={styles.hint}>下单前请先新增一个收货地址，药品将配送到该地址。</p>
        </div>
      ) : (
        <ul className={styles.list} aria-label="收货地址列表" aria-busy={query.isFetching || busy || undefined}>
          {list.map((a) => (
            <AddressCard
              key={a.id}
              address={a}
              actions={
                <>
                  {a.is_default !== 1 && (
                    <button
                      type="button"
                      className={styles.link}
                      disabled={busy}
                      onClick={() => makeDefault(a)}
                      aria-label={`将 ${a.consignee} 的地址设为默认`}
                    >
                      设为默认
                    </button>
                  )}
                  <button
                    type="button"
                    className={styles.link}
                    onClick={() => setEditing({ mode: 'edit', address: a })}
                    aria-label={`编辑 ${a.consignee} 的地址`}
                  >
                    编辑
                  </button>
                  <button
                    type="button"
                    className={styles.danger}
                    disabled={busy}
                    onClick={() => confirmDelete(a)}
                    aria-label={`删除 ${a.consignee} 的地址`}
                  >
                    删除
                  </button>
                </>
              }
            />
          ))}
        </ul>
      )}

      <AddressDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        address={editing?.mode === 'edit' ? editing.address : null}
      />
    </PageFrame>
  );
}
