// The goods pictures kept on the device (issue 35 §1 "Pictures", docs/decisions/kept-thumbnails.md):
// the thumbnails of goods the buyer bought or favourited, within a budget, so the lists, detail,
// favourites and quick purchase draw them with no connection. GET /api/user/kept-thumbnails names
// them, most valuable first; the device keeps them in order until either cap is reached, and drops
// the rest (src/api/kept-thumbnails.ts). Every other picture loads when online.

/** How far back an order counts as "bought". */
export const THUMBNAILS_KEPT_MONTHS = 12;

/**
 * The budget: at most this many pictures (a clinic's regular range is a few hundred goods)…
 */
export const THUMBNAILS_MAX_COUNT = 300;
/** …and at most this many bytes (a real 400 px JPEG thumbnail is 20–40 KB: 300 of them ≈ 9 MB). */
export const THUMBNAILS_MAX_BYTES = 10 * 1024 * 1024;

export interface KeptThumbnail {
  goods_id: number;
  /** The goods' picture address, as lists and the detail show it. */
  src: string;
}

export interface KeptThumbnailsList {
  /**
   * Most valuable first: times ordered in the last THUMBNAILS_KEPT_MONTHS months, a favourite
   * counting as one more; then the most recent; at most THUMBNAILS_MAX_COUNT.
   */
  thumbnails: KeptThumbnail[];
  max_count: number;
  max_bytes: number;
}
