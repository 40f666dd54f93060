// Percentiles for the benches: nearest rank over sorted samples (p95 of 20 samples is the 19th),
// NaN for none.
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
