// /yhq 我的优惠券 and /xjq 我的现金券: tabs 可使用 / 已使用 / 已过期 with their counts
// (GET /api/user/couponNum) over one page of that state (GET /api/user/coupon). The tab and page
// live in the URL. Coupons take money off the coupon-eligible goods within their scope; cash
// vouchers act like cash on the goods after 满减 and the coupon (docs/api.md "Money (decided)").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { couponCountsQuery, heldCouponsQuery } from '../../api/wallet';
import {
  COUPON_KIND_TEXT,
  COUPON_STATUS_TEXT,
  type CouponCountsOfKind,
  type CouponKind,
  type CouponStatus,
} from '../../domain/wallet';
import { buttonClass } from '../../ui/button';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { StateBlock } from '../../ui/state-block';
import { TabBar } from '../../ui/tab-bar';
import { useRouteSearch } from '../../widgets/route-search';
import { CouponCard } from './coupon-card';
import { WalletNav } from './wallet-nav';
import { couponSearch } from './wallet-search-schema';
import { couponHref } from './wallet-urls';
import styles from './wallet.module.css';

const STATUSES: CouponStatus[] = [0, 1, 2];
const COUNT_OF: Record<CouponStatus, keyof CouponCountsOfKind> = { 0: 'usable', 1: 'used', 2: 'expired' };

const NOTE: Record<CouponKind, string> = {
  coupon: '优惠券用于正价商品，满足使用门槛即可在结算时抵扣；限品类的券仅抵扣该品类商品。',
  voucher: '现金券在满减和优惠券之后抵扣商品金额，可与优惠券同时使用，不抵运费。',
};

function HeldCouponsPage({ kind }: { kind: CouponKind }) {
  const search = useRouteSearch(couponSearch);
  const counts = useQuery(couponCountsQuery());
  const list = useQuery({ ...heldCouponsQuery({ type: kind, ...search }), placeholderData: keepPreviousData });
  const kindText = COUPON_KIND_TEXT[kind];
  const titleId = `wallet-${kind}-title`;
  const ofKind = counts.data?.[kind];

  let body;
  if (list.isPending) body = <StateBlock kind="loading" text={`正在加载${kindText}…`} />;
  else if (list.isError || !list.data) {
    body = (
      <StateBlock
        kind="failed"
        text={`${kindText}加载失败`}
        action={
          <button
            type="button"
            className={buttonClass('secondary', { size: 'sm' })}
            onClick={() => void list.refetch()}
          >
            重新加载
          </button>
        }
      />
    );
  } else if (list.data.list.length === 0)
    body = <StateBlock kind="empty" text={`暂无${COUPON_STATUS_TEXT[search.status]}的${kindText}`} />;
  else {
    body = (
      <>
        <ul
          className={styles.coupons}
          aria-label={`${COUPON_STATUS_TEXT[search.status]}的${kindText}`}
          aria-busy={list.isFetching || undefined}
        >
          {list.data.list.map((c) => (
            <CouponCard key={c.id} coupon={c} />
          ))}
        </ul>
        <Pager
          page={search.page}
          totalPages={pageCountOf(list.data.total, list.data.page_size)}
          hrefFor={(p) => couponHref(kind, search.status, p)}
        />
      </>
    );
  }

  return (
    <PageFrame aria-labelledby={titleId}>
      <PageHeader titleId={titleId} title={`我的${kindText}`} note={NOTE[kind]} />
      <WalletNav current={kind} />
      <TabBar
        label={`${kindText}状态`}
        className={styles.stateTabs}
        tabs={STATUSES.map((s) => ({
          key: String(s),
          href: couponHref(kind, s),
          current: s === search.status,
          content: (
            <>
              {COUPON_STATUS_TEXT[s]}
              <span className={styles.tabCount}>({ofKind ? ofKind[COUNT_OF[s]] : '-'})</span>
            </>
          ),
        }))}
      />
      {body}
    </PageFrame>
  );
}

export function CouponsPage() {
  return <HeldCouponsPage kind="coupon" />;
}

export function VouchersPage() {
  return <HeldCouponsPage kind="voucher" />;
}
