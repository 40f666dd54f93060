// The wallet (/wdqb: /yegl, /jfgl, /yhq, /xjq) and the member centre (/user), docs/api.md
// "Wallet": the balance and points ledgers, the held coupons and vouchers by state with their
// counts, and the member card. Keys live under ['wallet'] so a payment or a confirmed receipt can
// refresh all of it with one prefix; the balance itself stays the pay page's ['user', 'money'].
import { queryOptions } from '@tanstack/react-query';
import type { Page } from '../domain/envelope';
import type {
  CouponCounts,
  CouponKind,
  CouponStatus,
  HeldCouponView,
  LedgerAccount,
  LedgerPage,
  MemberCard,
} from '../domain/wallet';
import { http } from '../http/client';
import { getWalletMoney } from './orders-pay';
import { WALLET_ROOT_KEY } from './wallet-keys';

/** A ledger's filters as the page holds them; '' = not set (and not sent). */
export interface LedgerQuery {
  use_type: string;
  /** YYYY-MM-DD, inclusive, Asia/Shanghai. */
  start_time: string;
  end_time: string;
  keywords: string;
  page: number;
}

export interface HeldCouponQuery {
  type: CouponKind;
  status: CouponStatus;
  page: number;
}

export const LEDGER_PAGE_SIZE = 10;
export const COUPON_PAGE_SIZE = 12;

export const walletKeys = {
  all: WALLET_ROOT_KEY,
  ledger: (account: LedgerAccount, q: LedgerQuery) => [...walletKeys.all, 'ledger', account, q] as const,
  coupons: (q: HeldCouponQuery) => [...walletKeys.all, 'coupons', q] as const,
  couponCounts: () => [...walletKeys.all, 'coupon_counts'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  memberCard: () => [...walletKeys.all, 'member_card'] as const,
};

const LEDGER_PATH: Record<LedgerAccount, string> = { balance: 'user/user_money_log', points: 'user/points_log' };

function ledgerParams(q: LedgerQuery): Record<string, string | number> {
  const p: Record<string, string | number> = { page: q.page, page_size: LEDGER_PAGE_SIZE };
  if (q.use_type !== '') p.use_type = q.use_type;
  if (q.start_time !== '') p.start_time = q.start_time;
  if (q.end_time !== '') p.end_time = q.end_time;
  if (q.keywords !== '') p.keywords = q.keywords;
  return p;
}

export const getLedger = (account: LedgerAccount, q: LedgerQuery): Promise<LedgerPage> =>
  http.get<LedgerPage>(LEDGER_PATH[account], ledgerParams(q));
export const getHeldCoupons = (q: HeldCouponQuery): Promise<Page<HeldCouponView>> =>
  http.get<Page<HeldCouponView>>('user/coupon', {
    type: q.type,
    status: q.status,
    page: q.page,
    page_size: COUPON_PAGE_SIZE,
  });
export const getCouponCounts = (): Promise<CouponCounts> => http.get<CouponCounts>('user/couponNum');
export const getMemberCard = (): Promise<MemberCard> => http.get<MemberCard>('user/member_card');

// Money changes with every payment: the wallet pages trust an answer for 10 s, as the order list does.
const WALLET_STALE_MS = 10_000;

export const ledgerQuery = (account: LedgerAccount, q: LedgerQuery) =>
  queryOptions({
    queryKey: walletKeys.ledger(account, q),
    queryFn: () => getLedger(account, q),
    staleTime: WALLET_STALE_MS,
  });

export const heldCouponsQuery = (q: HeldCouponQuery) =>
  queryOptions({ queryKey: walletKeys.coupons(q), queryFn: () => getHeldCoupons(q), staleTime: WALLET_STALE_MS });

export const couponCountsQuery = () =>
  queryOptions({ queryKey: walletKeys.couponCounts(), queryFn: getCouponCounts, staleTime: WALLET_STALE_MS });

/**
 * GET /api/user/user_money for the wallet pages' summary. Its own key under ['wallet'], trusted for
 * 10 s: the pay page's walletMoneyQuery must be current at once (staleTime 0), which would make a
 * route loader for it cost a second request on every visit.
 */
export const walletSummaryQuery = () =>
  queryOptions({ queryKey: walletKeys.summary(), queryFn: getWalletMoney, staleTime: WALLET_STALE_MS });

export const memberCardQuery = () =>
  queryOptions({ queryKey: walletKeys.memberCard(), queryFn: getMemberCard, staleTime: WALLET_STALE_MS });
