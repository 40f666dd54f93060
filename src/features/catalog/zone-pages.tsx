// The zones of SPEC §2: 近效期 /jxqzc, 器械 /qxzq, 中药 /zyyp, 控销 /kxzq, /kxzq_index (/kxzq/new,
// /kxzq_new) and /kxzq/goods/:url/:ads?, 包邮 /yx_index (/yx) and /yx_table (/yx/table). Each is a
// banner and the shared list screen with the zone fixed (the URL cannot lift it). The 控销 zone is
// only for companies with a controlled-sales agreement: a refusal is explained in place.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import { isApiError } from '../../http/client';
import type { ZoneBannerSlot } from '../../api/goods-list';
import { userBaseQuery } from '../../api/user';
import { ListScreen, type CategoryTreeKey } from './list-screen';
import {
  ALL_VIEWS,
  paramViewHref,
  pathViewHref,
  positiveParam,
  seededCategoryHref,
  useListSearch,
  viewsOf,
  YX_VIEW_PATHS,
  type HrefFor,
} from './list-urls';
import { loginHref } from '../../domain/safe-href';
import { NEWEST_FIRST, type ListPreset, type ListSearch, type ListView } from '../../domain/list-search';
import { SpaLink } from '../../ui/spa-link';
import { ZoneBanner, type ZoneHero } from './zone-banner';
import styles from './zone.module.css';

interface ZoneSpec {
  hero: ZoneHero;
  preset: ListPreset;
  tree: CategoryTreeKey;
  banner?: ZoneBannerSlot;
  /** URL defaults of this zone (kept out of its URLs). */
  defaults?: Partial<ListSearch>;
}

export const ZONES = {
  jxq: {
    hero: { title: '近效期专区', intro: '效期较短的品种特价供应，下单前请核对效期与批号，按需采购。' },
    preset: { zone: 'jxq' },
    tree: 'category',
  },
  qx: {
    hero: { title: '器械专区', intro: '医用耗材、检测与护理器械，注册证齐全，批量采购更优惠。' },
    preset: { zone: 'qx' },
    tree: 'category_qx',
  },
  zy: {
    hero: { title: '中药专区', intro: '中药饮片与中成药，道地药材，批号效期可查。' },
    preset: { zone: 'zy' },
    tree: 'category_zy',
    banner: 'zyzq',
  },
  kx: {
    hero: { title: '控销专区', intro: '控销协议品种，仅对签约客户开放，区域保护，价格稳定。' },
    preset: { zone: 'kx' },
    tree: 'category',
    banner: 'kxzq',
  },
  kxNew: {
    hero: { title: '控销专区', intro: '控销新品抢先看，仅对签约客户开放。' },
    preset: { zone: 'kx' },
    tree: 'category',
    banner: 'new_kxzq',
    defaults: NEWEST_FIRST,
  },
  // SPEC §9: the free-shipping zone passes yx=1; zone=yx names the same goods for the list API.
  yx: {
    hero: { title: '包邮专区', intro: '专区商品满额包邮；标有单品包邮的商品，单品达到起购数量即可整单包邮。' },
    preset: { zone: 'yx', yx: 1 },
    tree: 'category_yx',
    banner: 'yx',
  },
} as const satisfies Record<string, ZoneSpec>;

export const KX_RESTRICTED_MESSAGE = '该专区仅对控销协议客户开放，请联系您的客户经理';

function useSignedInUser() {
  return useQuery({ ...userBaseQuery(), refetchOnMount: false, refetchOnWindowFocus: false, retryOnMount: false }).data;
}

function usePathname(): string {
  return useRouterState({ select: (s) => s.location.pathname });
}

function KxRestricted() {
  const user = useSignedInUser();
  const href = useRouterState({ select: (s) => s.location.href });
  return (
    <section className={styles.notice} role="alert" aria-labelledby="kx-restricted-title">
      <h1 id="kx-restricted-title" className={styles.noticeTitle}>
        控销专区
      </h1>
      <p>{KX_RESTRICTED_MESSAGE}</p>
      {user?.admin && (
        <p>
          您的客户经理：{user.admin.name} {user.admin.phone}
        </p>
      )}
      <div className={styles.noticeActions}>
        {user ? (
          <SpaLink href="/list" className={styles.primary}>
            浏览全部商品
          </SpaLink>
        ) : (
          // A visitor may be a contracted buyer who has not signed in yet.
          <SpaLink href={loginHref(href)} className={styles.primary}>
            登录后查看
          </SpaLink>
        )}
        <SpaLink href="/" className={styles.secondary}>
          返回首页
        </SpaLink>
      </div>
    </section>
  );
}

/** The server refuses 控销 listings (403) to visitors and to companies without the agreement. */
export function explainKxError(error: unknown): ReactNode | null {
  if (!isApiError(error)) return null;
  if (error.code === 403 || error.status === 403 || error.kind === 'auth') return <KxRestricted />;
  return null;
}

interface ZoneScreenProps {
  spec: ZoneSpec;
  view: ListView;
  views: readonly ListView[];
  hrefFor: HrefFor;
  search?: ListSearch;
  bannerIds?: string;
  title?: string;
  extra?: ReactNode;
}

function ZoneScreen({ spec, view, views, hrefFor, search: given, bannerIds, title, extra }: ZoneScreenProps) {
  const parsed = useListSearch(spec.defaults);
  const search = given ?? parsed;
  const user = useSignedInUser();
  const kx = spec.preset.zone === 'kx';
  // A company without the agreement may also get an empty list rather than a 403: say why.
  const kxHelp = kx && user?.is_special !== 1 ? <p>{KX_RESTRICTED_MESSAGE}</p> : undefined;
  return (
    <div className={styles.zone}>
      <ZoneBanner slot={spec.banner} ids={bannerIds} hero={spec.hero} />
      {extra}
      <ListScreen
        search={search}
        preset={spec.preset}
        view={view}
        views={views}
        hrefFor={hrefFor}
        tree={spec.tree}
        title={title ?? spec.hero.title}
        rootLabel={spec.hero.title}
        silentErrors={kx}
        explainError={kx ? explainKxError : undefined}
        emptyHelp={kxHelp}
      />
    </div>
  );
}

/** A zone with one path: the view travels as `view=`. */
function SinglePathZone({ spec }: { spec: ZoneSpec }) {
  const pathname = usePathname();
  const search = useListSearch(spec.defaults);
  return (
    <ZoneScreen
      spec={spec}
      search={search}
      view={search.view}
      views={ALL_VIEWS}
      hrefFor={paramViewHref(pathname, spec.defaults)}
    />
  );
}

export function JxqZonePage() {
  return <SinglePathZone spec={ZONES.jxq} />;
}

export function QxZonePage() {
  return <SinglePathZone spec={ZONES.qx} />;
}

export function ZyZonePage() {
  return <SinglePathZone spec={ZONES.zy} />;
}

export function KxZonePage() {
  return <SinglePathZone spec={ZONES.kx} />;
}

export function KxNewZonePage() {
  return <SinglePathZone spec={ZONES.kxNew} />;
}

/** ad ids for GET /api/focus/kxzq_ad?ids= (the server takes at most 100). */
function adIds(raw: string | undefined): string {
  if (!raw) return '';
  return raw
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter((s) => /^\d{1,10}$/.test(s))
    .slice(0, 100)
    .join(',');
}

/**
 * /kxzq/goods/:url/:ads? — a 控销 sub-list. Decision: a numeric `url` is the category shown
 * (any other value only titles the page), `ads` are the kxzq_ad banner ids (`1,2`).
 */
export function KxGoodsPage() {
  const params: { url?: string; ads?: string } = useParams({ strict: false });
  const pathname = usePathname();
  const parsed = useListSearch();
  const seed = positiveParam(params.url);
  const ids = adIds(params.ads);
  const spec: ZoneSpec = { ...ZONES.kx, banner: 'kxzq_ad' };
  const hrefFor =
    seed === undefined ? paramViewHref(pathname) : seededCategoryHref(pathname, seed, paramViewHref('/kxzq'));
  const search = seed === undefined ? parsed : { ...parsed, category_id: seed };
  return (
    <ZoneScreen
      spec={spec}
      search={search}
      view={search.view}
      views={ALL_VIEWS}
      hrefFor={hrefFor}
      bannerIds={ids}
      title="控销商品"
    />
  );
}

const YX_VIEWS = viewsOf(YX_VIEW_PATHS);
const yxHref = pathViewHref(YX_VIEW_PATHS);

function YxRuleLink() {
  return (
    <p className={styles.ruleLink}>
      <SpaLink href="/yx/rule">查看包邮规则 ›</SpaLink>
    </p>
  );
}

export function YxIndexPage() {
  return <ZoneScreen spec={ZONES.yx} view="grid" views={YX_VIEWS} hrefFor={yxHref} extra={<YxRuleLink />} />;
}

export function YxTablePage() {
  return <ZoneScreen spec={ZONES.yx} view="table" views={YX_VIEWS} hrefFor={yxHref} extra={<YxRuleLink />} />;
}
