// 商品管理: every goods (on sale or not, 控销 or not) with free-text search, filters, server
// sorting and paging, and the operator's choice of columns. A row opens the editor; 批量改价改库存
// opens the price/stock import; 导入导出商品资料 the catalogue file with the list's filters.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { goodsCategoriesQuery, goodsListQuery } from '../../api/goods.ts';
import { parseGoodsSearch, type GoodsSearch } from '../../api/goods-search.ts';
import { meQuery } from '../../api/session.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import type { ServerColumn, ServerSort } from '../../widgets/server-table.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { LOW_STOCK_THRESHOLD } from '@domain/admin.ts';
import {
  GOODS_FLAG_KEYS,
  GOODS_FLAGS,
  GOODS_SORTS,
  GOODS_STOCK_FILTERS,
  type ConsoleGoodsRow,
  type GoodsSort,
} from '@domain/admin-goods.ts';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { Filter, FilterForm } from '../../widgets/filter-form.tsx';
import styles from '../../widgets/work-queue-page.module.css';
import own from './goods-page.module.css';

const columns: ServerColumn<ConsoleGoodsRow>[] = [
  { id: 'id', accessorKey: 'id', header: '编号' },
  {
    id: 'name',
    accessorKey: 'name',
    header: '商品名称',
    enableHiding: false,
    cell: (info) => (
      <Link to="/goods/$goodsId" params={{ goodsId: String(info.row.original.id) }}>
        {info.row.original.name}
      </Link>
    ),
  },
  { id: 'ypgg', accessorKey: 'ypgg', header: '规格', enableSorting: false },
  { id: 'sccj', accessorKey: 'sccj', header: '生产厂家', enableSorting: false },
  { id: 'approval_no', accessorKey: 'approval_no', header: '批准文号', enableSorting: false },
  { id: 'barcode', accessorKey: 'barcode', header: '条形码', enableSorting: false },
  { id: 'category', accessorKey: 'category', header: '分类', enableSorting: false },
  {
    id: 'base_price',
    accessorKey: 'base_price',
    header: '基础价',
    cell: (info) => formatPrice(info.row.original.base_price),
  },
  {
    id: 'stock',
    accessorKey: 'stock',
    header: '库存',
    cell: (info) => {
      const n = info.row.original.stock;
      return <span className={n <= 0 ? own.out : n <= LOW_STOCK_THRESHOLD ? own.low : undefined}>{n}</span>;
    },
  },
  { id: 'sales_count', accessorKey: 'sales_count', header: '销量' },
  {
    id: 'is_on_sale',
    accessorKey: 'is_on_sale',
    header: '状态',
    enableSorting: false,
    cell: (info) => (info.row.original.is_on_sale ? '在售' : '已下架'),
  },
  {
    id: 'flags',
    accessorKey: 'flags',
    header: '标记',
    enableSorting: false,
    cell: (info) => (
      <span className={own.flags}>
        {info.row.original.flags.map((f) => (
          <span key={f} className={own.flag}>
            {GOODS_FLAGS[f]}
          </span>
        ))}
      </span>
    ),
  },
  {
    id: 'updated_at',
    accessorKey: 'updated_at',
    header: '更新时间',
    cell: (info) => formatDateTime(info.row.original.updated_at),
  },
];

export function GoodsPage() {
  const search = parseGoodsSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'goods') : false;
  const list = useQuery({ ...goodsListQuery(search), enabled: allowed });
  const categories = useQuery({ ...goodsCategoriesQuery, enabled: allowed });
  const [q, setQ] = useState(search.q ?? '');

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能管理商品。" />;

  const go = (next: Partial<GoodsSearch>) => void navigate({ to: '/goods', search: { ...search, page: 1, ...next } });
  const sort: ServerSort = { id: search.sort, desc: search.order === 'desc' };
  const onSort = (next: ServerSort) => {
    const id = GOODS_SORTS.find((s) => s === next.id);
    if (id) go({ sort: id as GoodsSort, order: next.desc ? 'desc' : 'asc' });
  };
  const roots = (categories.data ?? []).filter((c) => c.level === 1);

  return (
    <ConsolePage
      title="商品管理"
      titleId="goods-title"
      actions={
        <>
          <Link to="/goods/new" className={buttonClass('primary')}>
            新建商品
          </Link>
          <Link to="/goods/import" className={buttonClass('outline')}>
            批量改价改库存
          </Link>
          <Link
            to="/goods/file"
            search={{
              q: search.q,
              category: search.category,
              on_sale: search.on_sale,
              stock: search.stock,
              flag: search.flag,
            }}
            className={buttonClass('outline')}
          >
            导入导出商品资料
          </Link>
        </>
      }
    >
      <FilterForm label="筛选商品" onApply={() => go({ q: q.trim() || undefined })}>
        <Filter label="搜索">
          <input
            name="q"
            value={q}
            maxLength={60}
            placeholder="名称、编号、批准文号、条形码、厂家"
            onChange={(e) => setQ(e.target.value)}
            className={own.search}
          />
        </Filter>
        <Filter label="分类">
          <select
            value={search.category ?? ''}
            onChange={(e) => go({ category: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">全部分类</option>
            {roots.map((root) => (
              <optgroup key={root.id} label={root.name}>
                <option value={root.id}>{root.name}（全部）</option>
                {(categories.data ?? [])
                  .filter((c) => c.parent_id === root.id)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </Filter>
        <Filter label="上下架">
          <select
            value={search.on_sale ?? ''}
            onChange={(e) => go({ on_sale: e.target.value === '1' ? '1' : e.target.value === '0' ? '0' : undefined })}
          >
            <option value="">全部</option>
            <option value="1">在售</option>
            <option value="0">已下架</option>
          </select>
        </Filter>
        <Filter label="库存">
          <select
            value={search.stock ?? ''}
            onChange={(e) =>
              go({ stock: e.target.value === 'low' ? 'low' : e.target.value === 'out' ? 'out' : undefined })
            }
          >
            <option value="">全部</option>
            <option value="low">
              {GOODS_STOCK_FILTERS.low}（≤{LOW_STOCK_THRESHOLD}）
            </option>
            <option value="out">{GOODS_STOCK_FILTERS.out}</option>
          </select>
        </Filter>
        <Filter label="标记">
          <select
            value={search.flag ?? ''}
            onChange={(e) => go({ flag: GOODS_FLAG_KEYS.find((f) => f === e.target.value) })}
          >
            <option value="">全部</option>
            {GOODS_FLAG_KEYS.map((f) => (
              <option key={f} value={f}>
                {GOODS_FLAGS[f]}
              </option>
            ))}
          </select>
        </Filter>
        <button type="submit" className={buttonClass('primary')}>
          查询
        </button>
      </FilterForm>
      {list.data && <p className={styles.muted}>共 {list.data.total} 个商品</p>}
      <PagedTable
        list={list}
        name="商品"
        columns={columns}
        rowKey={(row) => String(row.id)}
        sort={sort}
        onSortChange={onSort}
        empty="没有符合条件的商品"
        page={search.page}
        onPage={(page) => void navigate({ to: '/goods', search: { ...search, page } })}
      />
    </ConsolePage>
  );
}
