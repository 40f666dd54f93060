// A QR code of `text` as an SVG image (npm qrcode, drawn as a string: no canvas, so it renders the
// same in every browser and in tests). Used by WeChat binding and WeChat registration.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export interface QrImageProps {
  text: string;
  /** Read out instead of the picture. */
  label: string;
  size?: number;
  className?: string;
}

export function QrImage({ text, label, size = 180, className }: QrImageProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      },
      () => {
        if (live) setSrc(null);
      },
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img src={src} alt={label} width={size} height={size} className={className} data-qr-text={text} />
  ) : (
    <span
      role="img"
      aria-label={label}
      style={{ display: 'inline-block', width: size, height: size }}
      className={className}
    />
  );
}
