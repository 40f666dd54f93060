// The exchange dialog: quantity, what it costs against what the company has, and the confirm. The
// same rule as the server (domain/points-mall.ts exchangeProblem) disables the confirm with the
// reason; the server still decides (a race with another exchange gets its refusal message).
import { useRef, useState } from 'react';
import { usePointsExchange } from '../../api/points-mall';
import { newIdempotencyKey } from '../../http/idempotency-key';
import { exchangeCost, exchangeProblem, POINTS_EXCHANGE_MAX, type PointsGoodsView } from '../../domain/points-mall';
import { Dialog, DialogActions, DialogClose } from '../../ui/dialog';
import { buttonClass } from '../../ui/button';
import { Field } from '../../ui/field';
import { pointsPriceText } from './points-text';
import styles from './points-mall.module.css';

export interface ExchangeDialogProps {
  goods: PointsGoodsView;
  points: number;
  balance: number;
  onClose: () => void;
}

export function ExchangeDialog({ goods, points, balance, onClose }: ExchangeDialogProps) {
  const [number, setNumber] = useState(1);
  const exchange = usePointsExchange();
  // One key per dialog: a double click or a retry after a lost answer spends points once.
  const key = useRef(newIdempotencyKey());
  const cost = exchangeCost(goods, number);
  const problem = exchangeProblem(goods, number, points, balance);

  const confirm = () => {
    exchange.mutate({ id: goods.id, number, idempotencyKey: key.current }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`兑换 ${goods.name}`}
      describedBy="exchange-cost"
      closeLabel="关闭"
    >
      <p className={styles.muted}>单价：{pointsPriceText(goods.points, goods.cash_price)}</p>
      <Field label="兑换数量" error={problem ?? undefined}>
        {(control) => (
          <input
            {...control}
            type="number"
            min={1}
            max={POINTS_EXCHANGE_MAX}
            value={number}
            onChange={(e) => {
              key.current = newIdempotencyKey();
              setNumber(Math.max(1, Math.min(POINTS_EXCHANGE_MAX, Math.floor(Number(e.target.value)) || 1)));
            }}
          />
        )}
      </Field>
      <p id="exchange-cost" className={styles.cost}>
        共需 {pointsPriceText(cost.points, cost.cash)}，当前积分 {points}
      </p>
      <DialogActions>
        <DialogClose className={buttonClass('secondary')}>取消</DialogClose>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={problem !== null || exchange.isPending}
          onClick={confirm}
        >
          {exchange.isPending ? '兑换中…' : '确认兑换'}
        </button>
      </DialogActions>
    </Dialog>
  );
}
