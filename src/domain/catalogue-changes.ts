// The catalogue change feed (GET /api/goods/changes, docs/api.md "Catalogue changes"): what an
// offline catalogue or an ERP link reads to follow the shop's goods from a version on.
import type { GoodsListItem } from './catalog.ts';
import type { PackGoods } from './catalogue-pack.ts';

/** Why a goods' row was written to the change log. */
export const CATALOGUE_CHANGE_KINDS = [
  'created',
  'edited',
  'pictures',
  'batches',
  'imported',
  'stock',
  'on_sale',
  'off_sale',
  'deleted',
  /** Stock taken by an order. */
  'ordered',
  /** Stock given back by a cancelled or expired order. */
  'released',
] as const;
export type CatalogueChangeKind = (typeof CATALOGUE_CHANGE_KINDS)[number];

/** Changes per page when the reader does not ask for fewer. */
export const CATALOGUE_CHANGES_PAGE = 200;
/** The most a page holds. */
export const CATALOGUE_CHANGES_PAGE_MAX = 500;

export interface CatalogueChange {
  goods_id: number;
  /** The goods' latest version in this answer's range. */
  version: number;
  /** Every kind of change it had since `since`, in no particular order. */
  kinds: CatalogueChangeKind[];
  /** The goods as this buyer sees it now (its list item); null when it is gone (off sale, deleted). */
  goods: GoodsListItem | null;
  /**
   * Only with `pack=1` (the device following its catalogue pack): the goods as the buyer's pack
   * carries it — category at three levels, pinyin keys, 经营范围 class — so a goods created after
   * the pack is listed and refused on the device like one in it; null when gone.
   */
  pack_goods?: PackGoods | null;
}

export interface CatalogueChangesPage {
  changes: CatalogueChange[];
  /** Pass as `since` for the next page (the last change's version, or `since` when empty). */
  next_since: number;
  /** Pass as `after` with next_since: one version's goods may span pages. */
  next_after: number | null;
  /** More changes after next_since at the time of this answer. */
  has_more: boolean;
  /** The catalogue's current version. */
  version: number;
}
