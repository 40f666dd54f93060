// Matching a pasted line against goods the caller already holds: the device's catalogue snapshot
// offline. The server runs the same tiers in SQL (server/services/quick-purchase/match.ts); this
// is their in-memory twin, so a list pasted offline finds what it would find online among the
// goods the device knows.
//
// Tiers, best first: goods code / barcode / 批准文号 (exact), name + spec, name alone, then a
// contains search ranked like the shop's (name prefix before contains, then sales). A name that
// several goods share, with no spec to tell them apart, is ambiguous: no match, the candidates
// are offered — unless the company bought exactly one of them before.
import type { GoodsListItem } from './catalog';
import {
  approvalCore,
  MATCH_ALTERNATIVES,
  queryShape,
  type MatchedLine,
  type MatchMethod,
  type PastedLine,
} from './quick-purchase';

export interface MatchCandidate {
  item: GoodsListItem;
  /** Known only where the source carries it (detail answers, purchase history). */
  barcode?: string;
}

/** Spec text compared loosely: 0.25g×24粒, 0.25G*24粒 and "0.25g * 24 粒" are one spec. */
export function normaliseSpec(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\s\u3000]+/gu, '')
    .replace(/[×xX＊]/gu, '*');
}

const lower = (s: string) => s.toLowerCase();

export interface LineMatch {
  match: GoodsListItem | null;
  method: MatchMethod | null;
  alternatives: GoodsListItem[];
}

const NONE: LineMatch = { match: null, method: null, alternatives: [] };

function bySales(a: GoodsListItem, b: GoodsListItem): number {
  return b.sales - a.sales || a.id - b.id;
}

/** Several goods equally named: the one bought before if exactly one was, else the buyer picks. */
function decide(
  found: GoodsListItem[],
  method: MatchMethod,
  preferred: ReadonlySet<number>,
  rest: GoodsListItem[],
): LineMatch {
  const sorted = [...found].sort(bySales);
  const extra = rest.filter((g) => !sorted.some((s) => s.id === g.id));
  if (sorted.length === 1) return { match: sorted[0], method, alternatives: extra.slice(0, MATCH_ALTERNATIVES) };
  const bought = sorted.filter((g) => preferred.has(g.id));
  if (bought.length === 1) {
    return {
      match: bought[0],
      method,
      alternatives: [...sorted.filter((g) => g.id !== bought[0].id), ...extra].slice(0, MATCH_ALTERNATIVES),
    };
  }
  return { match: null, method: null, alternatives: [...sorted, ...extra].slice(0, MATCH_ALTERNATIVES) };
}

/** Contains-search among the candidates, ranked: exact name, name prefix, contains; then sales. */
export function searchCandidates(query: string, candidates: readonly MatchCandidate[], limit: number): GoodsListItem[] {
  const terms = lower(query)
    .split(/\s+/u)
    .filter((t) => t !== '');
  if (terms.length === 0) return [];
  const q = lower(query.trim());
  const scored: { g: GoodsListItem; rank: number }[] = [];
  for (const { item: g } of candidates) {
    const hay = lower(`${g.name} ${g.common_name} ${g.sccj} ${g.ypgg} ${g.approval_no}`);
    if (!terms.every((t) => hay.includes(t))) continue;
    const name = lower(g.name);
    const rank = name === q ? 0 : name.startsWith(terms[0]) || lower(g.common_name).startsWith(terms[0]) ? 1 : 2;
    scored.push({ g, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || bySales(a.g, b.g));
  return scored.slice(0, limit).map((s) => s.g);
}

/**
 * The exact tiers only (code, barcode, 批准文号, name + spec, name): null when none applies, so
 * the caller runs its own search ranking (the server's SQL search, or searchCandidates here).
 */
export function matchExact(
  query: string,
  candidates: readonly MatchCandidate[],
  preferred: ReadonlySet<number> = new Set(),
): LineMatch | null {
  const q = query.trim();
  if (q === '') return NONE;
  const shape = queryShape(q);
  if (shape === 'code' || shape === 'barcode') {
    const byBarcode = candidates
      .filter((c) => c.barcode !== undefined && c.barcode !== '' && c.barcode === q)
      .map((c) => c.item);
    if (byBarcode.length > 0) return decide(byBarcode, 'barcode', preferred, []);
    const n = Number(q);
    const byId = candidates.find((c) => c.item.id === n);
    if (byId) return { match: byId.item, method: 'code', alternatives: [] };
  }
  if (shape === 'approval') {
    const core = approvalCore(q);
    const found = candidates.filter((c) => approvalCore(c.item.approval_no) === core).map((c) => c.item);
    if (found.length > 0) return decide(found, 'approval', preferred, []);
  }
  const [first, ...restTerms] = q.split(/\s+/u);
  const name = lower(first);
  const named = candidates
    .filter((c) => lower(c.item.name) === name || (c.item.common_name !== '' && lower(c.item.common_name) === name))
    .map((c) => c.item);
  if (restTerms.length > 0 && named.length > 0) {
    const spec = normaliseSpec(restTerms.join(''));
    const withSpec = named.filter((g) => normaliseSpec(g.ypgg) === spec);
    if (withSpec.length > 0) return decide(withSpec, 'name_spec', preferred, named);
  }
  // The whole line as a name (names contain spaces too).
  const whole = lower(q);
  const exact = candidates.filter((c) => lower(c.item.name) === whole).map((c) => c.item);
  const byName = exact.length > 0 ? exact : restTerms.length === 0 ? named : [];
  if (byName.length > 0) return decide(byName, 'name', preferred, named);
  return null;
}

/** The search tier's answer: the best-ranked goods is the match, the next ones alternatives. */
export function searchMatch(ranked: readonly GoodsListItem[]): LineMatch {
  if (ranked.length === 0) return NONE;
  return { match: ranked[0], method: 'search', alternatives: ranked.slice(1, MATCH_ALTERNATIVES + 1) };
}

/** The goods a query names among `candidates` (see the tiers above). */
export function matchQuery(
  query: string,
  candidates: readonly MatchCandidate[],
  preferred: ReadonlySet<number> = new Set(),
): LineMatch {
  return (
    matchExact(query, candidates, preferred) ?? searchMatch(searchCandidates(query, candidates, MATCH_ALTERNATIVES + 1))
  );
}

/** Every pasted line matched on the device; lines with a problem are kept unmatched. */
export function matchLinesLocally(
  lines: readonly PastedLine[],
  candidates: readonly MatchCandidate[],
  preferred: ReadonlySet<number> = new Set(),
): MatchedLine[] {
  return lines.map((l) => {
    const m = l.problem ? NONE : matchQuery(l.query, candidates, preferred);
    return { line: l.line, raw: l.raw, query: l.query, number: l.number, problem: l.problem, ...m };
  });
}
