// 品牌专区 on the home page: the brands of GET /api/focus/common (CommonData.brand, already in the
// cache for the category menu), each linking to its brand page /ppzq/info/<id>.
import { useQuery } from '@tanstack/react-query';
import { commonDataQuery } from '../../api/common';
import { HomeLink } from './home-link';
import { SectionHead } from './section-head';
import styles from './sections.module.css';

/** Two desktop rows of six. */
const BRAND_MAX = 12;
/** Brand logos are drawn at 1200 × 400 like the banners. */
const LOGO_W = 1200;
const LOGO_H = 400;

export function brandHref(id: number): string {
  return `/ppzq/info/${id}`;
}

export function BrandStrip() {
  const common = useQuery(commonDataQuery());
  const brands = (common.data?.brand ?? []).slice(0, BRAND_MAX);
  if (!common.isPending && brands.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-brand-title">
      <SectionHead
        id="home-brand-title"
        title="品牌专区"
        note="厂家直供 正品保障"
        more={{ href: '/ppzq', label: '全部品牌' }}
      />
      <ul className={styles.brands}>
        {brands.map((b) => (
          <li key={b.id}>
            <HomeLink href={brandHref(b.id)} className={styles.brand}>
              {b.logo && <img src={b.logo} alt="" width={LOGO_W} height={LOGO_H} loading="lazy" decoding="async" />}
              <span className={styles.brandName}>{b.name}</span>
            </HomeLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
