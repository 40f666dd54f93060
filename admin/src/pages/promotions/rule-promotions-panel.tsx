// One tab of 促销活动 for the rule-priced kinds (每日特价, 全场94折, 满减, 满折, 满额返现, 组合套餐,
// 满赠, 活动页): the kind's promotions with schedule, state, rules and goods, 编辑 and 停止, and the
// kind's form. What each kind means for the buyer is said above the table.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { afterRuleChange, ruleListQuery, stopRulePromotion } from '../../api/promotion-rules.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { promotionHeadColumns } from '../../widgets/promotion-columns.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDate } from '@domain/time.ts';
import { ACTIVITY_PAGE_TITLES } from '@domain/activity-pages.ts';
import {
  combinationSetPrice,
  describeTier,
  RULE_PROMOTION_LABELS,
  type RulePromotionKind,
  type RulePromotionRow,
} from '@domain/admin-promotion-rules.ts';
import { RulePromotionDialog } from './rule-promotion-dialog.tsx';
import styles from './promotions-page.module.css';

const FIXED_SORT = { id: 'id', desc: true };

const HINTS: Record<RulePromotionKind, string> = {
  everyday:
    '每日特价：每天一场，当日0点至次日0点按特价购买（受活动库存与每家限购约束）；从前一天的预告时间起在 /mrtj 预告。',
  welfare: '全场94折：专场商品不限金额按折扣结算，同一时段只能有一个专场。',
  manjian: '满减：活动商品（正价）合计达到门槛即减，按达到的最高一档计算。',
  discount: '满折：活动商品（正价）合计达到门槛即按折扣结算，按达到的最高一档计算。',
  cashback: '满额返现：订单中活动商品（正价）达到门槛，确认收货后返现至账户余额，退款后重新计算。',
  combination: '组合套餐：按套购买，套餐价为各商品套餐单价×每套数量之和，可售套数取决于各商品库存。',
  gift: '满赠：活动商品（正价）合计达到门槛即随单赠送赠品，赠品库存不足时不赠送。',
  activity: '活动页：横幅、规则说明和商品分区，展示在所选活动页（不改变价格）。',
};

function rulesText(p: RulePromotionRow): string {
  if (p.kind === 'everyday') return `预告时间：前一天${p.preview_hour ?? 20}点`;
  if (p.kind === 'combination') {
    const set = combinationSetPrice(p.goods);
    // The cart caps a set by its members' stock only (docs/decisions/console-promotion-rules.md).
    const sets =
      p.goods.length === 0 ? 0 : Math.min(...p.goods.map((g) => Math.floor(g.stock / Math.max(1, g.quantity))));
    return `${set === null ? '套餐价：未设置' : `套餐价：${formatPrice(set)}`}；可售${sets}套`;
  }
  if (p.kind === 'activity') return p.page ? `活动页：${ACTIVITY_PAGE_TITLES[p.page]}（/${p.page}）` : '';
  const gift = (id?: number) => p.gifts.find((g) => g.goods_id === id);
  return p.tiers
    .map((t) => {
      const g = gift(t.goods_id);
      return describeTier(p.kind, t, formatPrice, g ? `${g.name}（库存${g.stock}）` : '');
    })
    .join('；');
}

function goodsText(p: RulePromotionRow, g: RulePromotionRow['goods'][number]): string {
  const parts = [`${g.name}（#${g.goods_id}）`];
  if (p.kind === 'everyday') {
    parts.push(
      `特价${g.price === null ? '—' : formatPrice(g.price)}`,
      `已售${g.sold}${g.stock_limit > 0 ? `/${g.stock_limit}` : ''}`,
    );
    if (g.per_company_limit > 0) parts.push(`每家限购${g.per_company_limit}`);
  }
  if (p.kind === 'combination')
    parts.push(`${g.price === null ? '原价' : formatPrice(g.price)} × ${g.quantity}`, `库存${g.stock}`);
  return parts.join(' · ');
}

export function RulePromotionsPanel({ kind, page }: { kind: RulePromotionKind; page: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(ruleListQuery(kind, page));
  const [editing, setEditing] = useState<RulePromotionRow | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const nowSec = Math.floor(Date.now() / 1000);

  const stop = async (p: RulePromotionRow) => {
    if (!window.confirm(`确定停止“${p.name}”？停止后立即失效，购物车和结算按原价重新计算。`)) return;
    try {
      await stopRulePromotion(p.id);
      setNotice(`已停止：${p.name}`);
    } catch (err) {
      setNotice(err instanceof ConsoleApiError ? err.message : '操作失败，请稍后重试');
    }
    await afterRuleChange(queryClient);
  };

  const columns: ServerColumn<RulePromotionRow>[] = [
    ...promotionHeadColumns<RulePromotionRow>(
      nowSec,
      kind === 'everyday'
        ? {
            id: 'time',
            header: '日期',
            enableSorting: false,
            cell: (info) => formatDate(info.row.original.starts_at),
          }
        : undefined,
    ),
    { id: 'rules', header: '规则', enableSorting: false, cell: (info) => rulesText(info.row.original) },
    {
      id: 'goods',
      header: '活动商品',
      enableSorting: false,
      cell: (info) =>
        info.row.original.all_goods ? (
          '全部商品'
        ) : (
          <ul className={styles.goodsList}>
            {info.row.original.goods.map((g) => (
              <li key={g.goods_id}>{goodsText(info.row.original, g)}</li>
            ))}
          </ul>
        ),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) =>
        info.row.original.is_active ? (
          <span className={styles.actions}>
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              onClick={() => setEditing(info.row.original)}
            >
              编辑
            </button>
            {nowSec < info.row.original.ends_at && (
              <button
                type="button"
                className={buttonClass('outline', { size: 'sm' })}
                onClick={() => void stop(info.row.original)}
              >
                停止
              </button>
            )}
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <div className={styles.panelHead}>
        <p className={styles.hint}>{HINTS[kind]}</p>
        <button type="button" className={buttonClass('primary')} onClick={() => setEditing('new')}>
          新建{RULE_PROMOTION_LABELS[kind]}
        </button>
      </div>
      {notice && <p role="status">{notice}</p>}
      <PagedTable
        list={list}
        name={`促销活动-${kind}`}
        columns={columns}
        rowKey={(row) => String(row.id)}
        sort={FIXED_SORT}
        empty="还没有活动"
        page={page}
        onPage={(next) => void navigate({ to: '/promotions', search: { kind, page: next } })}
      />
      {editing && (
        <RulePromotionDialog
          kind={kind}
          existing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
