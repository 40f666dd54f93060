// 幸运抽奖 (运营): every draw with its window, how chances are earned, its prizes (weight, stock
// left) and draws made; stop or resume one, a prize's weight and stock, a new scheduled draw.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { afterDrawChange, drawListQuery, resumeDraw, stopDraw, updatePrize } from '../../api/draws.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { ACTION_COLUMN, ServerTable, type ServerColumn } from '../../widgets/server-table.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import type { AdminDrawPrize, AdminDrawRow } from '@domain/admin-draws.ts';
import { CreateDrawDialog } from './create-draw-dialog.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import styles from './draws-page.module.css';

const FIXED_SORT = { id: 'starts_at', desc: false };
const KIND_TEXT: Record<AdminDrawPrize['kind'], string> = {
  coupon: '优惠券',
  points: '积分',
  none: '谢谢参与',
  goods: '商品（随下一单发出）',
};

function PrizeLimit({ drawId, prize }: { drawId: number; prize: AdminDrawPrize }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const edit = async () => {
    const raw = window.prompt(`「${prize.name}」的权重和库存，用空格分开`, `${prize.weight} ${prize.stock}`);
    if (raw === null) return;
    const [w, s] = raw.trim().split(/\s+/).map(Number);
    try {
      await updatePrize(drawId, prize.id, w, s);
      setError('');
      await afterDrawChange(queryClient);
    } catch (err) {
      setError(err instanceof ConsoleApiError ? (Object.values(err.fieldErrors)[0]?.[0] ?? err.message) : '保存失败');
    }
  };
  return (
    <li>
      {prize.name}（{KIND_TEXT[prize.kind]}）权重 {prize.weight}
      {prize.kind !== 'none' && ` · 剩余 ${prize.stock}`}{' '}
      <button type="button" className={buttonClass('link')} onClick={() => void edit()}>
        调整
      </button>
      {error && <span className={styles.error}> {error}</span>}
    </li>
  );
}

export function DrawsPage() {
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'draws') : false;
  const list = useQuery({ ...drawListQuery, enabled: allowed });
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有运营和管理员可以管理抽奖活动。" />;

  const toggle = async (d: AdminDrawRow) => {
    await (d.is_active ? stopDraw(d.id) : resumeDraw(d.id));
    await afterDrawChange(queryClient);
  };

  const columns: ServerColumn<AdminDrawRow>[] = [
    { id: 'name', accessorKey: 'name', header: '活动', enableSorting: false, enableHiding: false },
    {
      id: 'window',
      header: '活动时间',
      enableSorting: false,
      cell: (info) => `${formatDateTime(info.row.original.starts_at)} 至 ${formatDateTime(info.row.original.ends_at)}`,
    },
    {
      id: 'chances',
      header: '抽奖机会',
      enableSorting: false,
      cell: (info) => {
        const d = info.row.original;
        return `免费${d.times_per_company}次${d.order_min_amount === null ? '' : `，每单实付满${formatPrice(d.order_min_amount)}加1次`}`;
      },
    },
    {
      id: 'prizes',
      header: '奖品',
      enableSorting: false,
      cell: (info) => (
        <ul className={styles.prizes}>
          {info.row.original.prizes.map((p) => (
            <PrizeLimit key={p.id} drawId={info.row.original.id} prize={p} />
          ))}
        </ul>
      ),
    },
    { id: 'records', accessorKey: 'records', header: '已抽次数', enableSorting: false },
    {
      id: 'state',
      header: '状态',
      enableSorting: false,
      cell: (info) => (info.row.original.is_active ? '进行中' : '已停止'),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) => (
        <button
          type="button"
          className={buttonClass(info.row.original.is_active ? 'danger' : 'primary', { size: 'sm' })}
          onClick={() => void toggle(info.row.original)}
        >
          {info.row.original.is_active ? '停止' : '恢复'}
        </button>
      ),
    },
  ];

  return (
    <ConsolePage
      title="幸运抽奖"
      titleId="draws-title"
      hint="中奖由服务器按权重在有库存的奖品中抽出；库存为0的奖品不再抽出，“谢谢参与”不占库存。"
      actions={
        <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
          新建抽奖活动
        </button>
      }
    >
      {list.isError ? (
        <StateBlock kind="failed" text={list.error.message} />
      ) : list.data === undefined ? (
        <StateBlock kind="loading" text="正在加载…" />
      ) : (
        <ServerTable
          name="幸运抽奖"
          columns={columns}
          rows={list.data}
          rowKey={(row) => String(row.id)}
          sort={FIXED_SORT}
          onSortChange={() => undefined}
          busy={list.isFetching}
          empty="还没有抽奖活动"
        />
      )}
      {creating && <CreateDrawDialog onClose={() => setCreating(false)} />}
    </ConsolePage>
  );
}
