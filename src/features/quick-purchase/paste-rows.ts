// The paste pad's rows: each pasted line with its match, the alternatives, the buyer's chosen
// goods and quantity, and the edits that keep an unmatched line for fixing. Pure, so the page
// logic is tested without a browser.
import type { GoodsListItem } from '../../domain/catalog';
import type { MatchedLine } from '../../domain/quick-purchase';

export interface PadRow {
  /** Stable across re-matching one line (the pad's own sequence, not the pasted line number). */
  key: string;
  line: MatchedLine;
  /** The goods to add: the match, or the alternative the buyer chose. */
  chosen: GoodsListItem | null;
  /** The quantity box's text. */
  number: string;
  /** Ticked for "add all" (matched rows start ticked). */
  include: boolean;
}

let seq = 0;
const nextKey = () => `r${++seq}`;

export function rowsOf(lines: readonly MatchedLine[]): PadRow[] {
  return lines.map((line) => ({
    key: nextKey(),
    line,
    chosen: line.match,
    number: String(line.number),
    include: line.match !== null,
  }));
}

/** Replaces one row by the answer to its edited text (one line re-matched), keeping its key. */
export function replaceRow(rows: readonly PadRow[], key: string, line: MatchedLine): PadRow[] {
  return rows.map((r) => {
    if (r.key !== key) return r;
    // The answer numbers its one line 1; the row keeps its place in the pasted list.
    const kept = { ...line, line: r.line.line };
    return { key, line: kept, chosen: kept.match, number: String(kept.number), include: kept.match !== null };
  });
}

export function chooseAlternative(rows: readonly PadRow[], key: string, goodsId: number): PadRow[] {
  return rows.map((r) => {
    if (r.key !== key) return r;
    const all = [...(r.line.match ? [r.line.match] : []), ...r.line.alternatives];
    const chosen = all.find((g) => g.id === goodsId) ?? r.chosen;
    return { ...r, chosen, include: chosen !== null };
  });
}

export function countMatched(rows: readonly PadRow[]): number {
  return rows.filter((r) => r.chosen !== null).length;
}

/**
 * Scanned lines into the pad: a goods already on the pad gets the scan's quantity on top of its
 * own (a box scanned twice is two boxes), anything else — a new goods, or a code nothing matched,
 * kept for fixing — becomes a row of its own at the end. An unmatched code scanned again bumps its
 * unmatched row rather than adding a duplicate to fix twice.
 */
export function mergeScanned(rows: readonly PadRow[], scanned: readonly PadRow[]): PadRow[] {
  let out = [...rows];
  for (const s of scanned) {
    const same = out.find((r) =>
      s.chosen !== null ? r.chosen?.id === s.chosen.id : r.chosen === null && r.line.query === s.line.query,
    );
    if (!same) {
      // Numbered after the pad's last row: each scan is matched alone, so its answer says line 1.
      const line = out.reduce((max, r) => Math.max(max, r.line.line), 0) + 1;
      out = [...out, { ...s, line: { ...s.line, line } }];
      continue;
    }
    const add = Number(s.number) || 1;
    const had = /^\d{1,7}$/u.test(same.number.trim()) ? Number(same.number) : 0;
    out = out.map((r) => (r.key === same.key ? { ...r, number: String(had + add), include: r.chosen !== null } : r));
  }
  return out;
}
