// 换购活动 (运营): exchange promotions, newest first, with their schedule, state, the goods whose
// amount counts, the tiers (threshold → exchange goods at their price and limit), units exchanged so
// far, and 编辑档位 / 停止; 新建换购活动 opens the form. Its own page: the other promotion kinds are
// in pages/promotions.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  afterExchangeChange,
  exchangePromotionListQuery,
  parseExchangeSearch,
  stopExchangePromotion,
} from '../../api/exchange-promotions.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { promotionHeadColumns } from '../../widgets/promotion-columns.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import type { ConsoleExchangePromotion } from '@domain/admin-exchange.ts';
import { ExchangeDialog } from './exchange-dialog.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import styles from './exchange-promotions.module.css';

const FIXED_SORT = { id: 'id', desc: true };

export function ExchangePromotionsPage() {
  const search = parseExchangeSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'promotions') : false;
  const list = useQuery({ ...exchangePromotionListQuery(search.page), enabled: allowed });
  const [dialog, setDialog] = useState<{ editing: ConsoleExchangePromotion | null } | null>(null);
  const [notice, setNotice] = useState('');

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有运营和管理员可以管理换购活动。" />;

  const stop = async (p: ConsoleExchangePromotion) => {
    if (!window.confirm(`确定停止“${p.name}”？停止后买家不能再换购。`)) return;
    try {
      await stopExchangePromotion(p.id);
      setNotice(`已停止：${p.name}`);
    } catch (err) {
      setNotice(err instanceof ConsoleApiError ? err.message : '操作失败，请稍后重试');
    }
    await afterExchangeChange(queryClient);
  };

  const nowSec = Math.floor(Date.now() / 1000);
  const columns: ServerColumn<ConsoleExchangePromotion>[] = [
    ...promotionHeadColumns<ConsoleExchangePromotion>(nowSec),
    {
      id: 'members',
      header: '活动商品',
      enableSorting: false,
      cell: (info) => `${info.row.original.members.length}种`,
    },
    {
      id: 'tiers',
      header: '换购档位',
      enableSorting: false,
      cell: (info) => (
        <ul className={styles.list}>
          {info.row.original.tiers.map((t) => (
            <li key={t.amount}>
              满{formatPrice(t.amount)}：
              {t.goods.map((g) => `${g.name || `#${g.goods_id}`} ${formatPrice(g.price)}（限${g.limit}）`).join('、')}
            </li>
          ))}
        </ul>
      ),
    },
    { id: 'exchanged', header: '已换购', enableSorting: false, cell: (info) => `${info.row.original.exchanged}件` },
    {
      ...ACTION_COLUMN,
      cell: (info) => {
        const p = info.row.original;
        if (!p.is_active || nowSec >= p.ends_at) return null;
        return (
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              onClick={() => setDialog({ editing: p })}
            >
              编辑档位
            </button>
            <button type="button" className={buttonClass('outline', { size: 'sm' })} onClick={() => void stop(p)}>
              停止
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <ConsolePage
      title="换购活动"
      titleId="exchange-title"
      hint="换购：活动商品合计达到某档门槛，买家可在购物车任选该档一件商品按换购价加购；结算时重新校验门槛、库存、限换与价格。"
      actions={
        <button type="button" className={buttonClass('primary')} onClick={() => setDialog({ editing: null })}>
          新建换购活动
        </button>
      }
    >
      {notice && <p role="status">{notice}</p>}
      <PagedTable
        list={list}
        name="换购活动"
        columns={columns}
        rowKey={(row) => String(row.id)}
        sort={FIXED_SORT}
        empty="还没有换购活动"
        page={search.page}
        onPage={(next) => void navigate({ to: '/exchange-promotions', search: { page: next } })}
      />
      {dialog && <ExchangeDialog editing={dialog.editing} onClose={() => setDialog(null)} />}
    </ConsolePage>
  );
}
