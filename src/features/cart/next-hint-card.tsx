// The 去凑单 card (next-hint-popover.tsx's button opens it): goods of a tier promotion that would
// close the gap to its next tier (POST /api/cart/next_hint), each with a one-click add (quick_add).
// Loaded on the first open, with the popover library, so the cart's first screen does not carry
// either (issue 21, docs/decisions/cart-first-load.md).
import { useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Popover } from 'radix-ui';
import { cartNextHintQuery } from '../../api/cart';
import type { CartNextHint } from '../../domain/cart-types';
import { formatPrice } from '../../domain/money';
import { goodsDetailHref } from '../../ui/goods/goods-facts';
import { GoodsImage } from '../../ui/goods/goods-image';
import { PriceTag } from '../../widgets/goods/price-tag';
import { useCartStore } from './cart-context';
import { discountTierLabel, manjianTierLabel } from './cart-page-state';
import styles from './totals-panel.module.css';

const THUMB_PX = 44;

function hintTitle(hint: CartNextHint): string {
  if (!hint.tier) return '已享受最高档优惠';
  const label = 'reduce' in hint.tier ? manjianTierLabel(hint.tier) : discountTierLabel(hint.tier);
  return `再买${formatPrice(hint.shortfall)}可享${label}`;
}

function Suggestions({ promotionId }: { promotionId: number }) {
  const store = useCartStore();
  const query = useQuery(cartNextHintQuery(promotionId));
  const [adding, setAdding] = useState<number | null>(null);
  if (query.isPending)
    return (
      <p role="status" className={styles.hintState}>
        正在加载推荐商品…
      </p>
    );
  if (query.isError) return <p className={styles.hintState}>推荐商品加载失败</p>;
  const hint = query.data;
  return (
    <>
      <p className={styles.hintTitle}>{hintTitle(hint)}</p>
      {hint.suggestions.length === 0 ? (
        <p className={styles.hintState}>暂无可凑单的商品</p>
      ) : (
        <ul className={styles.hintList} aria-label="凑单推荐商品">
          {hint.suggestions.map((g) => (
            <li key={g.id} className={styles.hintItem}>
              <GoodsImage src={g.goods_image} alt="" size={THUMB_PX} />
              <span className={styles.hintInfo}>
                <Link to={goodsDetailHref(g.id)} className={styles.hintName}>
                  {g.name}
                </Link>
                <span className={styles.hintMeta}>
                  {g.ypgg} · {g.sccj}
                </span>
                <PriceTag price={g.price} unit={g.bzdw} size="sm" />
              </span>
              <button
                type="button"
                className={styles.hintAdd}
                aria-label={`加入购物车 ${g.name}`}
                disabled={adding !== null || g.is_buy === 0 || g.number <= 0}
                onClick={() => {
                  setAdding(g.id);
                  void store.quickAdd(g.id).finally(() => setAdding(null));
                }}
              >
                {adding === g.id ? '加入中…' : '加入'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export interface NextHintCardProps {
  /** The 去凑单 button: the card sits next to it, and clicks on it are its own (it toggles). */
  anchor: RefObject<HTMLButtonElement | null>;
  promotionId: number;
  promotionName: string;
  onClose: () => void;
}

export default function NextHintCard({ anchor, promotionId, promotionName, onClose }: NextHintCardProps) {
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className={styles.hintCard}
          side="top"
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label={`${promotionName} 凑单推荐`}
          onInteractOutside={(e) => {
            if (e.target instanceof Node && anchor.current?.contains(e.target)) e.preventDefault();
          }}
        >
          <Suggestions promotionId={promotionId} />
          <Popover.Close className={styles.hintClose} aria-label="关闭">
            ×
          </Popover.Close>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
