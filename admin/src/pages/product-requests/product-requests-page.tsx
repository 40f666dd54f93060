// 品种求购: buyers' requests for goods we do not sell, by status (待处理 first) and text. 回复
// opens the request with its company and answers it: a reply (已回复), or a goods id we now sell
// (已上架); the buyer gets a message either way.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  afterBuyerService,
  parseProductRequestSearch,
  productRequestListQuery,
  productRequestsKey,
  replyProductRequest,
} from '../../api/buyer-service.ts';
import { meQuery } from '../../api/session.ts';
import { serviceColumns } from '../../widgets/service-columns.tsx';
import { Filter, FilterForm } from '../../widgets/filter-form.tsx';
import { statusTabs, WorkQueue } from '../../widgets/work-queue.tsx';
import { DetailList, ReplyDialog } from '../../widgets/reply-dialog.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { PRODUCT_REQUEST_STATUS_TEXT, type ProductRequestStatus } from '@domain/product-requests.ts';
import type { AdminProductRequest } from '@domain/buyer-service.ts';

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

  const apply = () => {
    void navigate({ to: '/product-requests', search: { ...search, q: q.trim(), page: 1 } });
  };

  const columns = serviceColumns<AdminProductRequest>({
    own: [
      { id: 'name', accessorKey: 'name', header: '商品名称', enableSorting: false },
      { id: 'sccj', accessorKey: 'sccj', header: '生产厂家', enableSorting: false },
      { id: 'quantity', accessorKey: 'quantity', header: '月需求量', enableSorting: false },
    ],
    statusText: (row) => row.status_text,
    waiting: (row) => row.status === 'pending',
    onOpen: setOpen,
  });

  return (
    <WorkQueue
      title="品种求购"
      to="/product-requests"
      tabsLabel="求购状态"
      tabs={statusTabs(TABS, PRODUCT_REQUEST_STATUS_TEXT, search.status, (status) => ({
        status,
        q: search.q,
        page: 1,
      }))}
      filters={
        <FilterForm label="搜索求购" onApply={apply}>
          <Filter label="商品、厂家或企业">
            <input name="q" value={q} maxLength={50} onChange={(e) => setQ(e.target.value)} />
          </Filter>
          <button type="submit" className={buttonClass('primary')}>
            查询
          </button>
        </FilterForm>
      }
      list={list}
      onRetry={() => void list.refetch()}
      table={{ name: '求购', columns, rowKey: (row) => String(row.id), sort: FIXED_SORT, empty: '没有符合条件的求购' }}
      search={search}
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
