// 到货通知 (goods out of stock) and 降价提醒 (any goods, below a price the buyer sets) on a goods
// page. The server refuses what the buyer may not ask for (docs/decisions/goods-alerts.md); this
// only offers what makes sense: 到货通知 at zero stock, 降价提醒 when the buyer sees prices.
// A visitor is sent to sign in.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { goodsAlertsOfGoodsQuery, useSetGoodsAlert } from '../../api/goods-alerts';
import type { GoodsListItem } from '../../domain/catalog';
import { GOODS_ALERT_MESSAGES } from '../../domain/goods-alerts';
import { formatPrice } from '../../domain/money';
import { yuanTextToFen } from '../../domain/yuan-text';
import { buttonClass } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { SpaLink } from '../../ui/spa-link';
import { useSendToLogin, useViewer } from './use-viewer';
import styles from './goods-alert-buttons.module.css';

export const RESTOCK_LABEL = '到货通知';
export const PRICE_DROP_LABEL = '降价提醒';
/** The buyer's alerts list (manifest row goods_alerts). */
export const GOODS_ALERTS_PATH = '/alerts';

export function GoodsAlertButtons({ goods }: { goods: GoodsListItem }) {
  const viewer = useViewer();
  const toLogin = useSendToLogin();
  // Only a known visitor goes to the login page; while the user base is unknown the server decides.
  const signedIn = viewer !== 'visitor';
  const outOfStock = goods.number <= 0;
  // Prices reach only approved buyers; a visitor is offered it and sent to sign in.
  const canPriceDrop = viewer === 'visitor' || goods.price !== null;
  const mine =
    useQuery({ ...goodsAlertsOfGoodsQuery(goods.id), enabled: signedIn && (outOfStock || canPriceDrop) }).data ?? [];
  const set = useSetGoodsAlert();
  const [priceOpen, setPriceOpen] = useState(false);
  const armed = (kind: 'restock' | 'price_drop') => mine.find((a) => a.kind === kind && a.notified_at === null);
  const restock = armed('restock');
  const priceDrop = armed('price_drop');
  if (!outOfStock && !canPriceDrop) return null;

  return (
    <div className={styles.bar}>
      {outOfStock &&
        (restock ? (
          <SpaLink className={styles.done} href={GOODS_ALERTS_PATH} title="查看我的提醒">
            已订阅到货通知
          </SpaLink>
        ) : (
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            disabled={set.isPending}
            onClick={() => (signedIn ? set.mutate({ goods_id: goods.id, kind: 'restock' }) : toLogin())}
          >
            {RESTOCK_LABEL}
          </button>
        ))}
      {canPriceDrop && (
        <button
          type="button"
          className={buttonClass('outline', { size: 'sm' })}
          onClick={() => (signedIn ? setPriceOpen(true) : toLogin())}
        >
          {priceDrop ? `降价提醒（${formatPrice(priceDrop.target_price ?? 0)}）` : PRICE_DROP_LABEL}
        </button>
      )}
      <Dialog open={priceOpen} onOpenChange={setPriceOpen} title={PRICE_DROP_LABEL}>
        {priceOpen && (
          <PriceDropForm goods={goods} initial={priceDrop?.target_price ?? null} onDone={() => setPriceOpen(false)} />
        )}
      </Dialog>
    </div>
  );
}

function PriceDropForm({
  goods,
  initial,
  onDone,
}: {
  goods: GoodsListItem;
  initial: number | null;
  onDone: () => void;
}) {
  const [text, setText] = useState(initial === null ? '' : (initial / 100).toFixed(2));
  const [error, setError] = useState<string | undefined>();
  const set = useSetGoodsAlert();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fen = yuanTextToFen(text);
    if (fen === null || fen < 1) return setError(GOODS_ALERT_MESSAGES.price);
    if (goods.price !== null && fen >= goods.price) return setError(GOODS_ALERT_MESSAGES.priceNotBelow);
    setError(undefined);
    set.mutate({ goods_id: goods.id, kind: 'price_drop', target_price: text.trim() }, { onSuccess: onDone });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="降价提醒价格">
      <p className={styles.now}>
        {goods.name} 当前价格 {goods.price === null ? '—' : formatPrice(goods.price)}
        ，降到您设置的价格及以下时，我们会发消息提醒您。
      </p>
      <Field label="提醒价格（元）" required error={error}>
        {(control) => (
          <input
            {...control}
            name="target_price"
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <div className={styles.actions}>
        <button type="button" className={buttonClass('secondary', { size: 'sm' })} onClick={onDone}>
          取消
        </button>
        <button type="submit" className={buttonClass('primary', { size: 'sm' })} disabled={set.isPending}>
          设置提醒
        </button>
      </div>
    </form>
  );
}
