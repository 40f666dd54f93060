// One search value as the query string spelled it: the router hands over `page=2` as 2 and
// `keyword=123` as 123; a repeated key gives its first value.
export function searchText(raw: unknown): string {
  const v = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (typeof v === 'string') return v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
}

/** A page number 1…max from a search value; 1 for anything else. */
export function searchPage(raw: unknown, max = 10_000): number {
  const t = searchText(raw);
  return /^\d{1,6}$/.test(t) && Number(t) >= 1 && Number(t) <= max ? Number(t) : 1;
}
