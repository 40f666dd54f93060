// /jybg URL state (`?keywords=&page=`): the route's search schema. Pure and tiny: the manifest
// imports it up front.
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';

export interface QualityReportsSearch {
  keywords: string;
  page: number;
}

const MAX_KEYWORDS = 50;

export const qualityReportsSearch: SearchSchema<QualityReportsSearch> = (raw) => {
  const r = searchRecord(raw);
  const k = Array.isArray(r.keywords) ? (r.keywords as unknown[])[0] : r.keywords;
  const keywords = (typeof k === 'string' ? k : typeof k === 'number' ? String(k) : '').trim().slice(0, MAX_KEYWORDS);
  return { keywords, page: positiveIntParam(r.page, 10_000) ?? 1 };
};

export function qualityReportsHref(s: QualityReportsSearch): string {
  const p = new URLSearchParams();
  if (s.keywords !== '') p.set('keywords', s.keywords);
  if (s.page > 1) p.set('page', String(s.page));
  const q = p.toString();
  return q === '' ? '/jybg' : `/jybg?${q}`;
}
