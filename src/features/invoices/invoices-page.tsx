// /dzfp 电子发票 (SPEC §2 self-service): 可开票订单 with a request form, and 我的发票 with status and
// PDF download. Tab, page and the order whose form is open live in the URL, so the order
// centre's 申请发票 (/dzfp?order=<id>) lands with the form open.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { orderDetailQuery } from '../../api/orders';
import { toast } from '../../ui/toast';
import { dzfpHref, useDzfpSearch, type DzfpSearch } from './dzfp-search';
import { invoiceableQuery, InvoiceableOrders } from './invoiceable-orders';
import { InvoiceDialog, type InvoiceOrder } from './invoice-dialog';
import { MyInvoices } from './my-invoices';
import styles from './invoices.module.css';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { TabBar } from '../../ui/tab-bar';

export const NOT_INVOICEABLE_TOAST = '该订单暂不能申请发票';

const TABS: { key: DzfpSearch['tab']; text: string }[] = [
  { key: 'orders', text: '可开票订单' },
  { key: 'mine', text: '我的发票' },
];

/** The order the form is for: from the list on screen when it is there, else its detail. */
function useRequestedOrder(search: DzfpSearch): { order: InvoiceOrder | null; refused: boolean } {
  const listed = useQuery({ ...invoiceableQuery(search.page), enabled: false }).data?.list.find(
    (o) => o.id === search.order,
  );
  const detail = useQuery({ ...orderDetailQuery(search.order ?? 0), enabled: search.order !== undefined && !listed });
  // Once the form is open for an order, the refetch after submitting (can.invoice now false)
  // must not turn into a "cannot invoice" notice.
  const [opened, setOpened] = useState<number | undefined>(undefined);
  const source = search.order === undefined ? undefined : (listed ?? detail.data);
  const usable = source !== undefined && (source.can.invoice || opened === source.id);
  useEffect(() => {
    if (usable) setOpened(source.id);
  }, [usable, source]);
  if (search.order === undefined) return { order: null, refused: false };
  if (source) return usable ? { order: source, refused: false } : { order: null, refused: true };
  return { order: null, refused: detail.isError };
}

export default function InvoicesPage() {
  const search = useDzfpSearch();
  const router = useRouter();
  const { order, refused } = useRequestedOrder(search);
  const go = (next: DzfpSearch, replace = false) => void router.navigate({ href: dzfpHref(next), replace });

  useEffect(() => {
    if (!refused) return;
    toast.show({ message: NOT_INVOICEABLE_TOAST, tone: 'error' });
    void router.navigate({ href: dzfpHref({ ...search, order: undefined }), replace: true });
  }, [refused, router, search]);

  return (
    <PageFrame aria-labelledby="dzfp-title">
      <PageHeader
        titleId="dzfp-title"
        title="电子发票"
        note="订单完成后可申请电子发票，开具后发送至接收邮箱，也可在“我的发票”中下载。"
      />
      <TabBar
        label="发票"
        className={styles.tabs}
        tabs={TABS.map((t) => ({
          key: t.key,
          href: dzfpHref({ tab: t.key, page: 1 }),
          content: t.text,
          current: t.key === search.tab,
        }))}
      />
      {search.tab === 'orders' ? (
        <InvoiceableOrders page={search.page} onApply={(o) => go({ ...search, order: o.id })} />
      ) : (
        <MyInvoices page={search.page} />
      )}
      <InvoiceDialog
        order={order}
        onClose={() => go({ ...search, order: undefined }, true)}
        onSubmitted={() => go({ tab: 'mine', page: 1 }, true)}
      />
    </PageFrame>
  );
}
