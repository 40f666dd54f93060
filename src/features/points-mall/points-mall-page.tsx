// /jfsc 积分商城: the company's points (and balance, for 积分+现金 goods), the goods with their
// price in points, stock and what the company may still take; "立即兑换" opens a dialog with the
// quantity and the cost, and the exchange lands in /jfdd and /jfgl. Visitors see the goods and
// are sent to sign in.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pointsMallQuery } from '../../api/points-mall';
import type { PointsGoodsView } from '../../domain/points-mall';
import { formatPrice } from '../../domain/money';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { QueryStates, StateBlock } from '../../ui/state-block';
import { SpaLink } from '../../ui/spa-link';
import { buttonClass } from '../../ui/button';
import { GoodsImage } from '../../ui/goods/goods-image';
import { useSendToLogin, useViewer } from '../../widgets/goods/use-viewer';
import { ExchangeDialog } from './exchange-dialog';
import { pointsPriceText } from './points-text';
import styles from './points-mall.module.css';

export const POINTS_MALL_EMPTY_TEXT = '积分商品正在上新，敬请期待';
const IMAGE_PX = 160;

export default function PointsMallPage() {
  const query = useQuery(pointsMallQuery());
  const viewer = useViewer();
  const sendToLogin = useSendToLogin();
  const [chosen, setChosen] = useState<PointsGoodsView | null>(null);
  const signedIn = viewer === 'member' || viewer === 'approved';
  const data = query.data;

  return (
    <PageFrame aria-labelledby="points-mall-title">
      <PageHeader
        titleId="points-mall-title"
        title="积分商城"
        note={signedIn && data ? `我的积分：${data.points}` : '下单即可累积积分，积分可兑换门店好物'}
        actions={
          signedIn ? (
            <span className={styles.links}>
              <SpaLink href="/jfdd">积分订单</SpaLink>
              <SpaLink href="/jfgl">积分明细</SpaLink>
            </span>
          ) : undefined
        }
      />
      {query.isPending || query.isError ? (
        <QueryStates query={query} loading="正在加载积分商品…" failed="积分商品加载失败" retryText="重试" />
      ) : !data || data.list.length === 0 ? (
        <StateBlock kind="empty" text={POINTS_MALL_EMPTY_TEXT} />
      ) : (
        <ul className={styles.grid} aria-label="积分商品">
          {data.list.map((g) => (
            <li key={g.id} className={styles.card}>
              <GoodsImage src={g.image} alt={g.name} size={IMAGE_PX} />
              <h2 className={styles.name}>{g.name}</h2>
              {g.description && <p className={styles.muted}>{g.description}</p>}
              <p className={styles.points}>{pointsPriceText(g.points, g.cash_price)}</p>
              <p className={styles.muted}>
                库存 {g.stock}
                {g.remaining_for_me !== null && ` · 每店限兑，还可兑 ${g.remaining_for_me} 件`}
              </p>
              <button
                type="button"
                className={buttonClass('primary', { size: 'sm' })}
                disabled={g.stock === 0 || g.remaining_for_me === 0}
                onClick={() => (signedIn ? setChosen(g) : sendToLogin())}
                aria-label={`兑换${g.name}`}
              >
                {g.stock === 0
                  ? '已兑完'
                  : g.remaining_for_me === 0
                    ? '已达上限'
                    : signedIn
                      ? '立即兑换'
                      : '登录后兑换'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && data && (
        <ExchangeDialog goods={chosen} points={data.points} balance={data.balance} onClose={() => setChosen(null)} />
      )}
      {signedIn && data && data.balance > 0 && (
        <p className={styles.muted}>积分+现金商品的现金部分从账户余额扣除，当前余额 {formatPrice(data.balance)}</p>
      )}
    </PageFrame>
  );
}
