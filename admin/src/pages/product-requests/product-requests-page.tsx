// 品种求购: buyers' requests for goods we do not sell, by status (待处理 first) and text. 回复
// opens the request with its company and answers it: a reply (已回复), or a goods id we now sell
// (已上架); the buyer gets a message either way.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { afterBuyerService, parseProductRequestSearch, productRequestListQuery, productRequestsKey, replyProductRequest } from '../../api/buyer-service.ts';
import { meQuery } from '../../api/session.ts';
import type { ServerColumn } from '../../widgets/server-table.tsx';
import { WorkQueue } from '../../widgets/work-queue.tsx';
import { DetailList, ReplyDialog } from '../../widgets/reply-dialog.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { PRODUCT_REQUEST_STATUS_TEXT, type ProductRequestStatus } from '@domain/product-requests.ts';
import type { AdminProductRequest } from '@domain/buyer-service.ts';
import styles from '../../widgets/work-queue-page.module.css';

const FIXED_SORT = { id: 'created_at', desc: false };
const TABS: (ProductRequestStatus | undefined)[] = ['pending', 'replied', 'listed', undefined];
const secondsToMs = (s: number) => s * 1000;

export function ProductRequestsPage() {
  const search = parseProductRequestSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'productRequests') : false;
  const list = useQuery({ ...productRequestListQuery(search), enabled: allowed });
  const [q, setQ] = useState(search.q);
  const [open, setOpen] = useState<AdminProductRequest | null>(null);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能查看品种求购。" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ to: '/product-requests', search: { ...search, q: q.trim(), page: 1 } });
  };

  const columns: ServerColumn<AdminProductRequest>[] = [
    { id: 'id', accessorKey: 'id', header: '编号', enableSorting: false, enableHiding: false },
    { id: 'company', accessorKey: 'company_name', header: '企业', enableSorting: false },
    { id: 'name', accessorKey: 'name', header: '商品名称', enableSorting: false },
    { id: 'sccj', accessorKey: 'sccj', header: '生产厂家', enableSorting: false },
    { id: 'quantity', accessorKey: 'quantity', header: '月需求量', enableSorting: false },
    { id: 'status', accessorKey: 'status', header: '状态', enableSorting: false, cell: (info) => info.row.original.status_text },
    { id: 'created_at', accessorKey: 'created_at', header: '提交时间', enableSorting: false, cell: (info) => formatDateTime(secondsToMs(info.row.original.created_at)) },
    {
      id: 'action',
      header: '操作',
      enableSorting: false,
      enableHiding: false,
      cell: (info) => (
        <button type="button" className={buttonClass(info.row.original.status === 'pending' ? 'primary' : 'outline', { size: 'sm' })} onClick={() => setOpen(info.row.original)}>
          {info.row.original.status === 'pending' ? '回复' : '查看'}
        </button>
      ),
    },
  ];

  return (
    <WorkQueue
      title="品种求购"
      titleId="product-requests-title"
      to="/product-requests"
      tabsLabel="求购状态"
      tabs={TABS.map((s) => ({ key: s ?? 'all', label: s ? PRODUCT_REQUEST_STATUS_TEXT[s] : '全部', search: { status: s, q: search.q, page: 1 }, active: search.status === s }))}
      filters={
        <form className={styles.filters} onSubmit={submit} role="search" aria-label="搜索求购">
          <label className={styles.filter}>
            商品、厂家或企业
            <input name="q" value={q} maxLength={50} onChange={(e) => setQ(e.target.value)} />
          </label>
          <button type="submit" className={buttonClass('primary')}>
            查询
          </button>
        </form>
      }
      list={list}
      onRetry={() => void list.refetch()}
      table={{ name: '求购', columns, rowKey: (row) => String(row.id), sort: FIXED_SORT, empty: '没有符合条件的求购' }}
      page={search.page}
      onPage={(page) => void navigate({ to: '/product-requests', search: { ...search, page } })}
    >
      {open && (
        <ReplyDialog
          title={`求购 ${open.id}：${open.name}`}
          withGoods
          initialReply={open.reply}
          initialGoodsId={open.goods_id}
          detail={
            <DetailList
              rows={[
                ['企业', `${open.company_name}（编号 ${open.company_id}）`],
                ['商品名称', open.name],
                ['生产厂家', open.sccj],
                ['规格', open.ypgg],
                ['批准文号', open.approval_no],
                ['月需求量', String(open.quantity)],
                ['期望价格', open.expected_price === null ? '' : formatPrice(open.expected_price)],
                ['备注', open.remark],
                ['状态', open.status_text],
                ['已上架商品', open.goods_name ? `${open.goods_name}（编号 ${open.goods_id}）` : ''],
                ['提交时间', formatDateTime(secondsToMs(open.created_at))],
              ]}
            />
          }
          onSubmit={async (reply, goodsId) => {
            try {
              await replyProductRequest(open.id, reply, goodsId);
            } finally {
              await afterBuyerService(queryClient, productRequestsKey);
            }
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </WorkQueue>
  );
}
