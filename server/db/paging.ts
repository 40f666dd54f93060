// One page of a console list: the rows to skip for a 1-based page, and the answer's frame
// (`Paged` of the shared domain), so every list pages the same way.
import type { Paged } from '@domain/admin';

export interface PageQuery {
  page: number;
  size: number;
}

/** Rows before the page (`.offset(rowsBefore(query))` after `.limit(query.size)`). */
export const rowsBefore = (query: PageQuery): number => (query.page - 1) * query.size;

export const pageOf = <T>(query: PageQuery, total: number, list: T[]): Paged<T> => ({
  total,
  page: query.page,
  size: query.size,
  list,
});
