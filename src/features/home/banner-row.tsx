// A home slot's pictures as a row of banners (新人专享, 专场推荐): grey blocks while the slot loads,
// then each picture with its title under it, linking where the operator pointed it.
import { HomeLink } from './home-link';
import styles from './sections.module.css';

/** Banner pictures are drawn at 1200 × 400. */
const BANNER_W = 1200;
const BANNER_H = 400;

interface Banner {
  url: string;
  image: string;
  title: string;
}

interface Props {
  items: readonly Banner[];
  pending: boolean;
  /** How many blocks stand in while loading (the row's most). */
  placeholders: number;
  /** The title of a banner the operator left untitled. */
  untitled: string;
  /** Extra class on the row. */
  className?: string;
}

export function BannerRow({ items, pending, placeholders, untitled, className }: Props) {
  return (
    <ul className={className ? `${styles.banners} ${className}` : styles.banners} aria-busy={pending || undefined}>
      {pending
        ? Array.from({ length: placeholders }, (_, i) => <li key={i} className={styles.bannerSkeleton} />)
        : items.map((item, i) => (
            <li key={`${i}-${item.url}`}>
              <HomeLink href={item.url} className={styles.banner}>
                {item.image && (
                  <img src={item.image} alt="" width={BANNER_W} height={BANNER_H} loading="lazy" decoding="async" />
                )}
                <span className={styles.bannerTitle}>{item.title || untitled}</span>
              </HomeLink>
            </li>
          ))}
    </ul>
  );
}
