// 领券中心优惠券 (运营, 管理员): every coupon buyers claim at /lqzx, newest first, with its limits,
// how many are claimed and its window; 新建优惠券 schedules one, 停止领取 ends claims now.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { afterCouponChange, couponListQuery, parseCouponSearch, stopCoupon } from '../../api/coupons.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import type { CouponTemplateRow } from '@domain/admin.ts';
import { NewCouponDialog } from './new-coupon-dialog.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { AlertLine } from '../../widgets/alert-line.tsx';

const FIXED_SORT = { id: 'id', desc: true };
const STATE_TEXT: Record<CouponTemplateRow['state'], string> = {
  scheduled: '未开始',
  running: '领取中',
  ended: '已结束',
};

export function CouponsPage() {
  const { page } = parseCouponSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'promotions') : false;
  const list = useQuery({ ...couponListQuery(page), enabled: allowed });
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有运营和管理员可以管理优惠券。" />;

  const stop = async (row: CouponTemplateRow) => {
    if (!window.confirm(`停止领取“${row.name}”？已领取的优惠券仍可使用。`)) return;
    setProblem(null);
    try {
      await stopCoupon(row.id);
    } catch (err) {
      setProblem(err instanceof ConsoleApiError ? err.message : '操作失败，请稍后重试');
    }
    await afterCouponChange(queryClient);
  };

  const columns: ServerColumn<CouponTemplateRow>[] = [
    { id: 'name', accessorKey: 'name', header: '名称', enableSorting: false, enableHiding: false },
    {
      id: 'value',
      header: '面额',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        return `${r.discount_percent !== null ? `${r.discount_percent / 10}折（最高${formatPrice(r.amount)}）` : formatPrice(r.amount)} · ${r.threshold > 0 ? `满${formatPrice(r.threshold)}` : '无门槛'}`;
      },
    },
    {
      id: 'issued',
      header: '已领/总量',
      enableSorting: false,
      cell: (info) => `${info.row.original.issued} / ${info.row.original.total || '不限'}`,
    },
    {
      id: 'per_company',
      header: '每店限领',
      enableSorting: false,
      cell: (info) => info.row.original.per_company || '不限',
    },
    {
      id: 'window',
      header: '领取时间',
      enableSorting: false,
      cell: (info) => `${formatDateTime(info.row.original.starts_at)} 至 ${formatDateTime(info.row.original.ends_at)}`,
    },
    {
      id: 'state',
      header: '状态',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        return r.state === 'running' && r.total > 0 && r.issued >= r.total ? '已领完' : STATE_TEXT[r.state];
      },
    },
    {
      ...ACTION_COLUMN,
      cell: (info) =>
        info.row.original.state === 'ended' ? null : (
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => void stop(info.row.original)}
          >
            停止领取
          </button>
        ),
    },
  ];

  return (
    <ConsolePage
      title="领券中心优惠券"
      titleId="coupons-title"
      hint="买家在领券中心领取；总量和每店限领在领取时由服务器保证，停止领取后已领取的优惠券仍可使用。"
      actions={
        <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
          新建优惠券
        </button>
      }
    >
      <AlertLine message={problem} />
      <PagedTable
        list={list}
        name="领券中心优惠券"
        columns={columns}
        rowKey={(row) => String(row.id)}
        sort={FIXED_SORT}
        empty="还没有优惠券"
        page={page}
        onPage={(next) => void navigate({ to: '/coupons', search: { page: next } })}
      />
      {creating && <NewCouponDialog onClose={() => setCreating(false)} />}
    </ConsolePage>
  );
}
