// A price the buyer types in yuan ("12", "12.5", "12.345") as integer fen, rounded DOWN to the fen
// (SPEC §5 "amounts are rounded down to 2 decimals"). Parsed as text, never through a float, so
// "0.29" is 29 fen and not 28.
const YUAN_RE = /^(\d{1,7})(?:\.(\d*))?$/;

/** Fen for a yuan text, or null when it is not a plain non-negative decimal number. */
export function yuanTextToFen(text: string): number | null {
  const m = YUAN_RE.exec(text.trim());
  if (!m) return null;
  const cents = (m[2] ?? '').slice(0, 2).padEnd(2, '0');
  return Number(m[1]) * 100 + Number(cents);
}
