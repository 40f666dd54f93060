// A shop QR code: the operator's image when configured, else the demo's drawn placeholder.
import { QrPlaceholder } from './qr-placeholder';

export interface QrCodeProps {
  image?: string;
  seed: string;
  size: number;
  label: string;
  className?: string;
}

export function QrCode({ image, seed, size, label, className }: QrCodeProps) {
  if (!image) return <QrPlaceholder seed={seed} size={size} label={label} className={className} />;
  return (
    <img className={className} src={image} alt={label} width={size} height={size} loading="lazy" decoding="async" />
  );
}
