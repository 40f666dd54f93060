// Main image + thumbnails. Thumbnails switch the main image on click or hover; with one image (or
// none: the placeholder) there is no thumbnail strip.
import { useState } from 'react';
import { GoodsImage } from '../../ui/goods/goods-image';
import styles from './goods-detail.module.css';

const THUMB_PX = 56;
/** More thumbnails than this would wrap under a 360px image. */
const MAX_THUMBS = 5;

export function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const list = images.filter((src) => src !== '').slice(0, MAX_THUMBS);
  const [index, setIndex] = useState(0);
  const current = list[Math.min(index, list.length - 1)] ?? '';
  return (
    <div className={styles.gallery}>
      <GoodsImage src={current} alt={name} eager className={styles.mainImage} />
      {list.length > 1 && (
        <ul className={styles.thumbs} aria-label="商品图片">
          {list.map((src, i) => (
            <li key={`${i}-${src}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`查看第${i + 1}张图片`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                onMouseEnter={() => setIndex(i)}
              >
                <GoodsImage src={src} alt="" size={THUMB_PX} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
