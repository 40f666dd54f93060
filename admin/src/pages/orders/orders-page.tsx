// 订单管理: every company's orders, filtered by status, company, order number and day (the URL
// holds the view, so the dashboard links straight to a status). A row opens the order.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { orderListQuery } from '../../api/orders.ts';
import { parseOrderSearch, type OrderSearch } from '../../api/order-search.ts';
import { meQuery } from '../../api/session.ts';
import type { ServerColumn } from '../../widgets/server-table.tsx';
import { WorkQueue } from '../../widgets/work-queue.tsx';
import { Filter, FilterForm, useFilterDraft } from '../../widgets/filter-form.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { ORDER_STATUS_TEXT, type OrderStatus } from '@domain/orders.ts';
import { ORDER_STATUSES, type AdminOrderRow } from '@domain/admin-orders.ts';

const FIXED_SORT = { id: 'created_at', desc: true };

const columns: ServerColumn<AdminOrderRow>[] = [
  {
    id: 'order_no',
    accessorKey: 'order_no',
    header: '订单号',
    enableSorting: false,
    enableHiding: false,
    cell: (info) => (
      <Link to="/orders/$orderId" params={{ orderId: String(info.row.original.id) }}>
        {info.row.original.order_no}
      </Link>
    ),
  },
  { id: 'company', accessorKey: 'company_name', header: '企业', enableSorting: false },
  {
    id: 'status',
    accessorKey: 'status',
    header: '状态',
    enableSorting: false,
    cell: (info) => ORDER_STATUS_TEXT[info.row.original.status],
  },
  {
    id: 'amount',
    accessorKey: 'amount',
    header: '金额',
    enableSorting: false,
    cell: (info) => formatPrice(info.row.original.amount),
  },
  { id: 'lines', accessorKey: 'line_count', header: '品种数', enableSorting: false },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: '下单时间',
    enableSorting: false,
    cell: (info) => formatDateTime(info.row.original.created_at),
  },
];

export function OrdersPage() {
  const search = parseOrderSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'ordersRead') : false;
  const list = useQuery({ ...orderListQuery(search), enabled: allowed });
  const go = (next: Partial<OrderSearch>) => void navigate({ to: '/orders', search: { ...search, page: 1, ...next } });
  const filters = useFilterDraft(
    { order_no: search.order_no, company: search.company, start: search.start, end: search.end },
    (values) => go(values),
  );

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能查看订单。" />;

  return (
    <WorkQueue
      title="订单管理"
      to="/orders"
      tabsLabel="订单状态"
      tabs={[
        { key: 'all', label: '全部', search: { ...search, status: undefined, page: 1 }, active: !search.status },
        ...ORDER_STATUSES.map((s: OrderStatus) => ({
          key: s,
          label: ORDER_STATUS_TEXT[s],
          search: { ...search, status: s, page: 1 },
          active: search.status === s,
        })),
      ]}
      filters={
        <FilterForm label="筛选订单" onApply={filters.apply}>
          <Filter label="订单号">
            <input {...filters.bind('order_no')} maxLength={40} />
          </Filter>
          <Filter label="企业名称">
            <input {...filters.bind('company')} maxLength={50} />
          </Filter>
          <Filter label="下单日期从">
            <input type="date" {...filters.bind('start')} />
          </Filter>
          <Filter label="至">
            <input type="date" {...filters.bind('end')} />
          </Filter>
          <button type="submit" className={buttonClass('primary')}>
            查询
          </button>
        </FilterForm>
      }
      list={list}
      onRetry={() => void list.refetch()}
      table={{ name: '订单', columns, rowKey: (row) => String(row.id), sort: FIXED_SORT, empty: '没有符合条件的订单' }}
      search={search}
    />
  );
}
