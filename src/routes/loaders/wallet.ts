// First screens of the wallet (/yegl, /jfgl, /yhq, /xjq) and the member centre (/user): member-only
// rows (the `auth` guard runs first). Not in the first bundle: the manifest loads this module on a
// route's first call (`lazyLoader`), and the api module with it.
import type { QueryClient } from '@tanstack/react-query';
import {
  couponCountsQuery,
  heldCouponsQuery,
  ledgerQuery,
  memberCardQuery,
  walletSummaryQuery,
} from '../../api/wallet';
import { ledgerDateErrors, type CouponKind, type LedgerAccount } from '../../domain/wallet';
import { balanceLedgerSearch, couponSearch, pointsLedgerSearch } from '../../features/wallet/wallet-search-schema';
import { settled, withSearch } from '../first-screen';

const ledgerLoader = (account: LedgerAccount) =>
  withSearch(account === 'balance' ? balanceLedgerSearch : pointsLedgerSearch, (queryClient, { search }) => {
    // A range the page will refuse is not asked for.
    const refused = Object.keys(ledgerDateErrors(search.start_time, search.end_time)).length > 0;
    return settled([
      queryClient.ensureQueryData(walletSummaryQuery()),
      ...(refused ? [] : [queryClient.ensureQueryData(ledgerQuery(account, search))]),
    ]);
  }).loader;

export const loadBalanceLedger = ledgerLoader('balance');
export const loadPointsLedger = ledgerLoader('points');

const couponLoader = (kind: CouponKind) =>
  withSearch(couponSearch, (queryClient, { search }) =>
    settled([
      queryClient.ensureQueryData(couponCountsQuery()),
      queryClient.ensureQueryData(heldCouponsQuery({ type: kind, ...search })),
    ]),
  ).loader;

export const loadCoupons = couponLoader('coupon');
export const loadVouchers = couponLoader('voucher');

export function loadMemberCard(queryClient: QueryClient): Promise<unknown> {
  return queryClient.ensureQueryData(memberCardQuery());
}
