// Who may see what in the catalogue (decided rules, docs/api.md "Visibility rules (decided)"):
// - prices: only members whose company is approved (已审核); visitors and members still under
//   review get null prices and the page shows "资质审核后可见".
// - 控销 goods (is_kx): only members whose company is flagged is_special; everyone else never
//   finds them in search, hot goods or lists.
// One lookup per request, shared by every caller through a WeakMap keyed by the request context.
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { UNRESTRICTED, type PurchaseEntitlement } from '@domain/business-scope.ts';
import { certificateFactsColumn, entitlementFrom } from './qualifications/entitlement.ts';
import { sessionCompanyFacts } from '../auth/session.ts';

export interface Viewer {
  userId: number | null;
  companyId: number | null;
  /** Company review_status is 'approved'. */
  approved: boolean;
  /** Company is entitled to 控销 goods. */
  isSpecial: boolean;
  /** Member rank for per-rank prices (goods_prices). */
  rank: number;
  /** 经营范围 and lapsed certificates: why a visible goods may still not be bought. */
  entitlement: PurchaseEntitlement;
}

// A visitor is told to sign in, not why a licence would not cover the goods.
const VISITOR: Viewer = {
  userId: null,
  companyId: null,
  approved: false,
  isSpecial: false,
  rank: 1,
  entitlement: UNRESTRICTED,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hono's Context is invariant in its path/input parameters; any route's context is accepted here.
type AnyContext = Context<AppEnv, any, any>;

const perRequest = new WeakMap<AnyContext, Promise<Viewer>>();

async function loadViewer(c: AnyContext): Promise<Viewer> {
  const user = c.get('user');
  if (!user) return VISITOR;
  if (user.companyId === null) return { ...VISITOR, userId: user.userId };
  // Usually read with the session (server/auth/session.ts); after a sign-in or a switch of the
  // acting store within this request, read here.
  const known = sessionCompanyFacts(c);
  const [company] =
    known?.companyId === user.companyId
      ? [known]
      : await c
          .get('deps')
          .db.select({
            reviewStatus: companies.reviewStatus,
            isSpecial: companies.isSpecial,
            rank: companies.rank,
            kind: companies.kind,
            scope: companies.businessScope,
            certs: certificateFactsColumn,
          })
          .from(companies)
          .where(eq(companies.id, user.companyId))
          .limit(1);
  if (!company) return { ...VISITOR, userId: user.userId };
  const { clock } = c.get('deps');
  return {
    userId: user.userId,
    companyId: user.companyId,
    approved: company.reviewStatus === 'approved',
    isSpecial: company.isSpecial,
    rank: company.rank,
    entitlement: entitlementFrom(company, company.certs, clock()),
  };
}

/** The request's viewer, loaded at most once per request. */
export function viewerOf(c: AnyContext): Promise<Viewer> {
  let v = perRequest.get(c);
  if (!v) {
    v = loadViewer(c);
    perRequest.set(c, v);
  }
  return v;
}

export const pricesVisibleTo = (v: Viewer): boolean => v.approved;
export const controlledVisibleTo = (v: Viewer): boolean => v.isSpecial;

/** Prices (fen) are shown only to members of an approved company. */
export async function canSeePrices(c: AnyContext): Promise<boolean> {
  return pricesVisibleTo(await viewerOf(c));
}

/** 控销 goods are shown only to members of an is_special company. */
export async function canSeeControlled(c: AnyContext): Promise<boolean> {
  return controlledVisibleTo(await viewerOf(c));
}

/** A price as the viewer may see it. */
export function visiblePrice(v: Viewer, fen: number): number | null {
  return pricesVisibleTo(v) ? fen : null;
}
