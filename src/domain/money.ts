// Money is integer fen everywhere; display is yuan with 2 decimals rounded DOWN (SPEC §5, §9).

/** Formats fen as yuan with exactly 2 decimals. Fen are integers, so this is exact. */
export function formatFen(fen: number): string {
  const f = Math.trunc(fen);
  const sign = f < 0 ? '-' : '';
  const abs = Math.abs(f);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${yuan}.${cents.toString().padStart(2, '0')}`;
}

/** Rounds a yuan amount (possibly fractional, e.g. from a discount rate) down to 2 decimals. */
export function floorYuan2(yuan: number): number {
  // Epsilon guards against binary artefacts such as 1.005 * 100 = 100.49999.
  return Math.floor(yuan * 100 + 1e-7) / 100;
}

/** Converts a yuan amount to integer fen, rounding down (never charges a fraction of a fen). */
export function yuanToFen(yuan: number): number {
  return Math.floor(yuan * 100 + 1e-7);
}

/** Price display helper: "¥12.30". */
export function formatPrice(fen: number): string {
  return `¥${formatFen(fen)}`;
}
