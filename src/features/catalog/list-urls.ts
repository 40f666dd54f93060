// How each listing page turns a ListSearch back into a URL. Lists with a path per view (/list,
// /list/table, /list/no_image; /search…; /yx…) switch views by path and keep every filter;
// single-path pages (zones, /list/other, brands) carry the view as `view=`.
import { listSearchSchema, serializeListSearch, type ListSearch, type ListView } from '../../domain/list-search';
import { useRouteSearch } from '../../widgets/route-search';

export type ViewPaths = Readonly<Partial<Record<ListView, string>>>;
export type HrefFor = (next: ListSearch, view: ListView) => string;

/** SPEC §2 aliases: list_index /list, list_table /list/table, list_no_image /list/no_image. */
export const LIST_VIEW_PATHS: ViewPaths = { grid: '/list', table: '/list/table', no_image: '/list/no_image' };
/** search_index /search, search_table /search/table. */
export const SEARCH_VIEW_PATHS: ViewPaths = { grid: '/search', table: '/search/table' };
/** yx_index /yx, yx_table /yx/table. */
export const YX_VIEW_PATHS: ViewPaths = { grid: '/yx', table: '/yx/table' };

export const ALL_VIEWS: readonly ListView[] = ['grid', 'table', 'no_image'];

export function viewsOf(paths: ViewPaths): ListView[] {
  return ALL_VIEWS.filter((v) => paths[v] !== undefined);
}

/** The view lives in the path; the `view` param is dropped. */
export function pathViewHref(paths: ViewPaths, defaults: Partial<ListSearch> = {}): HrefFor {
  return (next, view) =>
    (paths[view] ?? paths.grid ?? '/list') + serializeListSearch({ ...next, view: 'grid' }, defaults);
}

/** One path for every view: the view travels as a param. */
export function paramViewHref(path: string, defaults: Partial<ListSearch> = {}): HrefFor {
  return (next, view) => path + serializeListSearch({ ...next, view }, defaults);
}

/**
 * Pages whose path names a category (/list/other/:id, /kxzq/goods/:url): while the buyer stays in
 * it the category stays in the path; picking another category moves to `elsewhere` with it as a
 * param.
 */
export function seededCategoryHref(ownPath: string, seed: number, elsewhere: HrefFor): HrefFor {
  return (next, view) =>
    next.category_id === seed
      ? ownPath + serializeListSearch({ ...next, category_id: undefined, view })
      : elsewhere(next, view);
}

/** The URL's search as the page's route parsed it (`defaults`: a module constant, as on its route row). */
export function useListSearch(defaults?: Partial<ListSearch>): ListSearch {
  return useRouteSearch(listSearchSchema(defaults));
}

/** A positive integer path param (ids, page numbers), else undefined. */
export function positiveParam(raw: unknown, max = 2_147_483_647): number | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const s = String(raw);
  if (!/^\d{1,10}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= 1 && n <= max ? n : undefined;
}
