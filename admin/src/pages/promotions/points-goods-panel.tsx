// The 积分商城 tab of 促销活动: the points goods (points, cash part, stock, per-company cap,
// exchanged so far, on/off sale) with 编辑 and 上架/下架, and the form for a new one.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { afterPointsGoodsChange, pointsGoodsListQuery, setPointsGoodsOnSale } from '../../api/promotion-rules.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import type { AdminPointsGoodsRow } from '@domain/admin-points-goods.ts';
import { PointsGoodsDialog } from './points-goods-dialog.tsx';
import styles from './promotions-page.module.css';

const FIXED_SORT = { id: 'sort', desc: false };

export function PointsGoodsPanel({ page }: { page: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(pointsGoodsListQuery(page));
  const [editing, setEditing] = useState<AdminPointsGoodsRow | 'new' | null>(null);
  const [notice, setNotice] = useState('');

  const toggle = async (g: AdminPointsGoodsRow) => {
    try {
      await setPointsGoodsOnSale(g.id, !g.is_on_sale);
      setNotice(`${g.is_on_sale ? '已下架' : '已上架'}：${g.name}`);
    } catch (err) {
      setNotice(err instanceof ConsoleApiError ? err.message : '操作失败，请稍后重试');
    }
    await afterPointsGoodsChange(queryClient);
  };

  const columns: ServerColumn<AdminPointsGoodsRow>[] = [
    { id: 'id', accessorKey: 'id', header: '编号', enableSorting: false },
    { id: 'name', accessorKey: 'name', header: '商品名称', enableSorting: false, enableHiding: false },
    {
      id: 'points',
      header: '兑换价',
      enableSorting: false,
      cell: (info) =>
        `${info.row.original.points}积分${info.row.original.cash_price > 0 ? ` + ${formatPrice(info.row.original.cash_price)}` : ''}`,
    },
    { id: 'stock', accessorKey: 'stock', header: '库存', enableSorting: false },
    {
      id: 'limit',
      header: '每家限兑',
      enableSorting: false,
      cell: (info) => (info.row.original.per_company_limit > 0 ? info.row.original.per_company_limit : '不限'),
    },
    { id: 'exchanged', accessorKey: 'exchanged', header: '已兑换', enableSorting: false },
    {
      id: 'state',
      header: '状态',
      enableSorting: false,
      cell: (info) => (info.row.original.is_on_sale ? '上架中' : '已下架'),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) => (
        <span className={styles.actions}>
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => setEditing(info.row.original)}
          >
            编辑
          </button>
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => void toggle(info.row.original)}
          >
            {info.row.original.is_on_sale ? '下架' : '上架'}
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <div className={styles.panelHead}>
        <p className={styles.hint}>
          积分商城：买家用积分（可加现金，从账户余额扣）兑换，受库存与每家限兑约束；下架后立即不能兑换。
        </p>
        <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
          新建积分商品
        </button>
      </div>
      {notice && <p role="status">{notice}</p>}
      <PagedTable
        list={list}
        name="积分商城商品"
        columns={columns}
        rowKey={(row) => String(row.id)}
        sort={FIXED_SORT}
        empty="还没有积分商品"
        page={page}
        onPage={(next) => void navigate({ to: '/promotions', search: { kind: 'points', page: next } })}
      />
      {editing && <PointsGoodsDialog existing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
