// A QR entry of the shell for one of the shop's codes (GET /api/global/shop_mode): absent when the
// shop has none, its place kept (invisible) until the answer is known.
import type { ShopQrCodes } from '../../domain/contracts';
import { QrPopover, type QrPopoverProps } from './qr-popover';
import { useShopQr } from './shop-front';
import styles from './shop-qr-popover.module.css';

export type ShopQrPopoverProps = Omit<QrPopoverProps, 'seed' | 'image'> & { code: keyof ShopQrCodes };

export function ShopQrPopover({ code, ...props }: ShopQrPopoverProps) {
  const qr = useShopQr(code);
  if (qr === null) return null;
  if (qr === undefined) {
    return (
      <span className={`${props.triggerClassName ?? ''} ${styles.pending}`} aria-hidden="true">
        {props.trigger}
      </span>
    );
  }
  return <QrPopover {...props} seed={qr.seed} image={qr.image} />;
}
