// The wallet pages' search schemas (/yegl, /jfgl: ledger filters; /yhq, /xjq: the coupon tab):
// pure, and imported by the route manifest, so they are in the first bundle. Keep them that
// small: no hooks, no href builders. Anything malformed falls back to its default; a date range
// the wrong way round is kept, so the page can say what is wrong instead of silently swapping it.
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';
import {
  isLedgerDate,
  isUseType,
  LEDGER_KEYWORDS_MAX,
  type CouponStatus,
  type LedgerAccount,
} from '../../domain/wallet';

export interface LedgerSearch {
  /** '' = every type. */
  use_type: string;
  /** YYYY-MM-DD or ''. */
  start_time: string;
  end_time: string;
  keywords: string;
  page: number;
}

export interface CouponSearch {
  status: CouponStatus;
  page: number;
}

const MAX_PAGE = 10_000;

/** A value as text: repeated keys arrive as arrays (first wins), numbers as numbers. */
function textOf(raw: unknown): string {
  const v = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (typeof v === 'string') return v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

function ledgerSearch(account: LedgerAccount): SearchSchema<LedgerSearch> {
  return (raw) => {
    const r = searchRecord(raw);
    const useType = textOf(r.use_type);
    const start = textOf(r.start_time);
    const end = textOf(r.end_time);
    return {
      use_type: isUseType(account, useType) ? useType : '',
      start_time: isLedgerDate(start) ? start : '',
      end_time: isLedgerDate(end) ? end : '',
      keywords: textOf(r.keywords).trim().slice(0, LEDGER_KEYWORDS_MAX),
      page: positiveIntParam(r.page, MAX_PAGE) ?? 1,
    };
  };
}

export const balanceLedgerSearch = ledgerSearch('balance');
export const pointsLedgerSearch = ledgerSearch('points');

export const couponSearch: SearchSchema<CouponSearch> = (raw) => {
  const r = searchRecord(raw);
  const status = textOf(r.status);
  return {
    status: status === '1' ? 1 : status === '2' ? 2 : 0,
    page: positiveIntParam(r.page, MAX_PAGE) ?? 1,
  };
};
