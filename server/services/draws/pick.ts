// The weighted choice of a prize: each prize still in stock wins with weight / (sum of weights of
// the prizes in stock). A prize whose stock ran out drops out, so its share goes to the others.
export interface Weighted {
  id: number;
  weight: number;
}

/** Picks one of `prizes` (weights ≥ 0) with `random()` in [0, 1); null when no weight is left. */
export function pickWeighted<T extends Weighted>(prizes: readonly T[], random: () => number): T | null {
  const live = prizes.filter((p) => p.weight > 0);
  const total = live.reduce((s, p) => s + p.weight, 0);
  if (total <= 0) return null;
  let point = random() * total;
  for (const p of live) {
    if (point < p.weight) return p;
    point -= p.weight;
  }
  return live[live.length - 1];
}
