// The brand zone (SPEC §2): /ppzq/:page? (alias /ppzq_index/:page?) lists brands with the page
// number in the path and the zone's banners (GET /api/focus/ppzq); /ppzq/info/:id/:page? is one
// brand: its head (GET /api/focus/brand/{id}) and its goods, brand fixed, page in the path.
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import { brandInfoQuery, brandsQuery, type BrandSummary } from '../../api/goods-list';
import { isApiError } from '../../http/client';
import { ListScreen } from './list-screen';
import { ErrorState, StatePanel } from './list-states';
import { ALL_VIEWS, positiveParam, useListSearch } from './list-urls';
import { Pager } from '../../ui/pager/pager';
import { totalPagesOf } from '../../ui/pager/pager-pages';
import { MAX_PAGE, serializeListSearch, type ListSearch, type ListView } from '../../domain/list-search';
import { SpaLink } from '../../ui/spa-link';
import { FocusLink, HeroText, ZoneBanner } from './zone-banner';
import styles from './zone.module.css';
import listStyles from './list-screen.module.css';

const BRAND_HERO = { title: '品牌专区', intro: '知名药企品牌直供，正品保障，品牌商品一站采购。' };
/** Placeholder cards while the first page loads (one row at the widest layout, two below). */
const BRAND_BONES = 10;

export function brandHref(id: number): string {
  return `/ppzq/info/${id}`;
}

function BrandCard({ brand }: { brand: BrandSummary }) {
  return (
    <li className={styles.brandCardWrap}>
      <div className={styles.brandCard}>
        {brand.logo ? (
          <img
            className={styles.brandLogo}
            src={brand.logo}
            alt=""
            width={120}
            height={60}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={styles.brandLogoText} aria-hidden="true">
            {brand.name.slice(0, 4)}
          </span>
        )}
        <h2 className={styles.brandName}>
          <SpaLink href={brandHref(brand.id)}>{brand.name}</SpaLink>
        </h2>
        <p className={styles.brandDesc}>{brand.description}</p>
        <span className={styles.brandCount}>在售 {brand.goods_count} 个品种</span>
      </div>
    </li>
  );
}

export default function BrandZonePage() {
  const params: { page?: string } = useParams({ strict: false });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const base = pathname.startsWith('/ppzq_index') ? '/ppzq_index' : '/ppzq';
  const page = positiveParam(params.page, MAX_PAGE) ?? 1;
  const query = useQuery(brandsQuery(page));
  const data = query.data;
  const totalPages = data ? totalPagesOf(data.total, data.page_size) : 0;

  let body;
  if (!data) {
    body = query.isError ? (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <ul className={styles.brandGrid} aria-hidden="true">
        {Array.from({ length: BRAND_BONES }, (_, i) => (
          <li key={i} className={styles.brandBone} />
        ))}
      </ul>
    );
  } else if (data.list.length === 0) {
    body = <StatePanel title={page > 1 ? '该页没有品牌' : '暂无品牌'} />;
  } else {
    body = (
      <ul className={styles.brandGrid} data-stale={query.isPlaceholderData || undefined}>
        {data.list.map((b) => (
          <BrandCard key={b.id} brand={b} />
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.zone}>
      <ZoneBanner slot="ppzq" hero={BRAND_HERO} />
      <h1 className={styles.sectionTitle}>
        品牌专区
        {data && <span className={styles.note}> 共 {data.total} 个品牌</span>}
      </h1>
      <section aria-label="品牌列表" aria-busy={query.isFetching || undefined}>
        {body}
      </section>
      <Pager page={page} totalPages={totalPages} hrefFor={(p) => (p === 1 ? base : `${base}/${p}`)} />
    </div>
  );
}

function BrandNotFound() {
  return (
    <div className={styles.zone}>
      <StatePanel title="品牌不存在或已下架">
        <p className={listStyles.stateActions}>
          <SpaLink href="/ppzq" className={listStyles.primaryLink}>
            查看全部品牌
          </SpaLink>
        </p>
      </StatePanel>
    </div>
  );
}

function brandGoodsHref(id: number) {
  return (next: ListSearch, view: ListView) =>
    `${brandHref(id)}${next.page > 1 ? `/${next.page}` : ''}` + serializeListSearch({ ...next, page: 1, view });
}

export function BrandInfoPage() {
  const params: { id?: string; page?: string } = useParams({ strict: false });
  const id = positiveParam(params.id);
  const page = positiveParam(params.page, MAX_PAGE) ?? 1;
  const parsed = useListSearch();
  const info = useQuery({ ...brandInfoQuery(id ?? 0), enabled: id !== undefined });

  if (id === undefined) return <BrandNotFound />;
  if (info.isError && isApiError(info.error) && info.error.status === 404) return <BrandNotFound />;

  const brand = info.data;
  return (
    <div className={styles.zone}>
      <div className={styles.banner}>
        {brand?.banner ? (
          <img className={styles.bannerImg} src={brand.banner} alt={`${brand.name} 品牌横幅`} />
        ) : brand ? (
          <HeroText hero={{ title: brand.name, intro: '品牌专区 · 正品直供' }} />
        ) : null}
      </div>
      <div className={styles.brandHead}>
        {brand?.logo && <img className={styles.brandLogo} src={brand.logo} alt="" width={120} height={60} />}
        <div className={styles.brandHeadText}>
          <h1 className={styles.brandHeadName}>{brand?.name ?? '品牌详情'}</h1>
          {brand?.description && <p className={styles.brandHeadDesc}>{brand.description}</p>}
        </div>
      </div>
      {brand && brand.focus.length > 0 && (
        <ul className={styles.focusRow} aria-label="品牌活动">
          {brand.focus.map((item, i) => (
            <li key={`${item.image}-${i}`}>
              <FocusLink item={item} className={styles.bannerLink} />
            </li>
          ))}
        </ul>
      )}
      <ListScreen
        search={{ ...parsed, page }}
        preset={{ brand_id: id }}
        view={parsed.view}
        views={ALL_VIEWS}
        hrefFor={brandGoodsHref(id)}
        title="品牌商品"
        titleAs="h2"
        rootLabel={brand?.name ?? '品牌商品'}
      />
    </div>
  );
}
