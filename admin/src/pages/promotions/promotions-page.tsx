// 促销活动 (运营): flash sales and group buys, newest first, with their schedule, state, goods
// (price, stock or target, sold or joined, cap) and 停止; 新建活动 opens the form. The other kinds'
// tabs (每日特价 … 活动页, 积分商城) render their own panels (rule-promotions-panel.tsx,
// points-goods-panel.tsx).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  afterPromotionChange,
  isFlashOrGroup,
  isRuleKind,
  parsePromotionSearch,
  promotionListQuery,
  PROMOTION_TABS,
  stopPromotion,
  type PromotionTab,
} from '../../api/promotions.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { promotionHeadColumns } from '../../widgets/promotion-columns.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { CONSOLE_PROMOTION_LABELS, type ConsolePromotion } from '@domain/admin-promotions.ts';
import { RULE_PROMOTION_LABELS } from '@domain/admin-promotion-rules.ts';
import { CreatePromotionDialog } from './create-promotion-dialog.tsx';
import { RulePromotionsPanel } from './rule-promotions-panel.tsx';
import { PointsGoodsPanel } from './points-goods-panel.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { KindTabs } from '../../widgets/kind-tabs.tsx';
import styles from './promotions-page.module.css';

const FIXED_SORT = { id: 'id', desc: true };
const OUTCOME = { formed: '已成团', failed: '未成团' } as const;

const tabLabel = (tab: PromotionTab): string =>
  isFlashOrGroup(tab) ? CONSOLE_PROMOTION_LABELS[tab] : isRuleKind(tab) ? RULE_PROMOTION_LABELS[tab] : '积分商城';

export function PromotionsPage() {
  const search = parsePromotionSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'promotions') : false;
  const flashKind = isFlashOrGroup(search.kind) ? search.kind : null;
  const list = useQuery({
    ...promotionListQuery({ kind: flashKind ?? 'flash', page: search.page }),
    enabled: allowed && flashKind !== null,
  });
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有运营和管理员可以管理促销活动。" />;

  const stop = async (p: ConsolePromotion) => {
    if (!window.confirm(`确定停止“${p.name}”？停止后买家不能再购买活动价。`)) return;
    try {
      await stopPromotion(p.id);
      setNotice(`已停止：${p.name}`);
    } catch (err) {
      setNotice(err instanceof ConsoleApiError ? err.message : '操作失败，请稍后重试');
    }
    await afterPromotionChange(queryClient);
  };

  const nowSec = Math.floor(Date.now() / 1000);
  const group = search.kind === 'group';
  const columns: ServerColumn<ConsolePromotion>[] = [
    ...promotionHeadColumns<ConsolePromotion>(nowSec),
    {
      id: 'goods',
      header: '活动商品',
      enableSorting: false,
      cell: (info) => (
        <ul className={styles.goodsList}>
          {info.row.original.goods.map((g) => (
            <li key={g.goods_id}>
              {g.name}（#{g.goods_id}）{formatPrice(g.price)}
              {group
                ? ` · 已拼${g.sold}/${g.quantity}`
                : ` · 已售${g.sold}${g.stock_limit > 0 ? `/${g.stock_limit}` : ''}`}
              {g.per_company_limit > 0 && ` · 每家限购${g.per_company_limit}`}
              {g.group_outcome && ` · ${OUTCOME[g.group_outcome]}`}
            </li>
          ))}
        </ul>
      ),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) =>
        info.row.original.is_active && nowSec < info.row.original.ends_at ? (
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => void stop(info.row.original)}
          >
            停止
          </button>
        ) : null,
    },
  ];

  return (
    <ConsolePage
      title="促销活动"
      titleId="promotions-title"
      actions={
        flashKind && (
          <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
            新建{CONSOLE_PROMOTION_LABELS[flashKind]}活动
          </button>
        )
      }
    >
      <KindTabs
        label="活动类型"
        to="/promotions"
        kinds={PROMOTION_TABS}
        current={search.kind}
        labelOf={tabLabel}
        searchOf={(kind) => ({ kind, page: 1 })}
      />
      {isRuleKind(search.kind) && <RulePromotionsPanel kind={search.kind} page={search.page} />}
      {search.kind === 'points' && <PointsGoodsPanel page={search.page} />}
      {flashKind && (
        <p className={styles.hint}>
          {group
            ? '拼团：买家先按会员价下单，到结束时间累计已付款数量达到成团数量即成团，差价自动退回钱包。'
            : '秒杀：活动时间内按活动价购买，受活动库存与每家限购约束。'}
        </p>
      )}
      {flashKind && notice && <p role="status">{notice}</p>}
      {flashKind && (
        <PagedTable
          list={list}
          name={`促销活动-${search.kind}`}
          columns={columns}
          rowKey={(row) => String(row.id)}
          sort={FIXED_SORT}
          empty="还没有活动"
          page={search.page}
          onPage={(next) => void navigate({ to: '/promotions', search: { kind: search.kind, page: next } })}
        />
      )}
      {creating && flashKind && <CreatePromotionDialog kind={flashKind} onClose={() => setCreating(false)} />}
    </ConsolePage>
  );
}
