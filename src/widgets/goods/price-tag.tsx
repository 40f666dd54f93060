// A goods price in fen (formatPrice rules: 2 decimals, rounded down). A null price is hidden by
// the server (catalogue decided rules), and the text says why: visitors must sign in, members
// wait for their qualification review.
import { formatFen } from '../../domain/money';
import { useViewer, type ViewerKind } from './use-viewer';
import styles from './price-tag.module.css';

export const PRICE_HIDDEN_VISITOR = '登录后可见';
export const PRICE_HIDDEN_UNAPPROVED = '资质审核后可见';
/** An approved member with no price: the goods is not quoted for their rank. */
export const PRICE_UNQUOTED = '暂无报价';

export interface PriceTagProps {
  /** Fen; null when the viewer may not see it. */
  price: number | null;
  /** List price (fen), struck through when higher than `price`. */
  basePrice?: number | null;
  /** Packaging unit, shown as "/盒". */
  unit?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function hiddenPriceText(viewer: ViewerKind): string {
  switch (viewer) {
    case 'member':
      return PRICE_HIDDEN_UNAPPROVED;
    case 'approved':
      return PRICE_UNQUOTED;
    default:
      return PRICE_HIDDEN_VISITOR;
  }
}

function HiddenPrice({ size }: { size: NonNullable<PriceTagProps['size']> }) {
  const viewer = useViewer();
  if (viewer === 'unknown') {
    return (
      <span className={styles.hidden} data-size={size} aria-busy="true">
        <span className={styles.srOnly}>价格加载中</span>
        <span aria-hidden="true">¥--</span>
      </span>
    );
  }
  return (
    <span className={styles.hidden} data-size={size}>
      {hiddenPriceText(viewer)}
    </span>
  );
}

export function PriceTag({ price, basePrice = null, unit, size = 'md' }: PriceTagProps) {
  if (price === null) return <HiddenPrice size={size} />;
  const struck = basePrice !== null && basePrice > price;
  return (
    <span className={styles.price} data-size={size}>
      <span className={styles.current}>
        <span className={styles.yen}>¥</span>
        {formatFen(price)}
        {unit ? <span className={styles.unit}>/{unit}</span> : null}
      </span>
      {struck && (
        <del className={styles.base}>
          <span className={styles.srOnly}>原价</span>¥{formatFen(basePrice)}
        </del>
      )}
    </span>
  );
}
