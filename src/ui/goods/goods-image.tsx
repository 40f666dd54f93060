// A square goods image. Missing or broken images become a calm placeholder (never the browser's
// broken-image icon); the box has a fixed aspect ratio so nothing shifts when the image arrives.
import { useState } from 'react';
import styles from './goods-image.module.css';

export interface GoodsImageProps {
  src: string | null | undefined;
  alt: string;
  /** Fixed edge in px (thumbnails); default: the width of the container. */
  size?: number;
  /** Above-the-fold images (the detail page's main image) load eagerly and with priority. */
  eager?: boolean;
  className?: string;
}

/** The intrinsic size hint given to the browser; real pixels come from CSS. */
const INTRINSIC_PX = 400;

export function GoodsImage({ src, alt, size, eager = false, className }: GoodsImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  const style = size ? { width: size, height: size } : undefined;
  const boxClass = className ? `${styles.box} ${className}` : styles.box;
  if (broken) {
    return (
      <span
        className={`${boxClass} ${styles.placeholder}`}
        style={style}
        // A decorative image (alt="") stays decorative as a placeholder too.
        {...(alt === '' ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt })}
      >
        <svg viewBox="0 0 48 48" width="40%" height="40%" aria-hidden="true" focusable="false">
          <rect x="8" y="14" width="32" height="26" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path
            d="M8 22h32M20 28h8M24 24v8M14 14l4-6h12l4 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    );
  }
  return (
    <span className={boxClass} style={style}>
      <img
        className={styles.img}
        src={src}
        alt={alt}
        width={size ?? INTRINSIC_PX}
        height={size ?? INTRINSIC_PX}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
        onError={() => setFailed(src)}
      />
    </span>
  );
}
