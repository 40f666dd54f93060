// Business constants from SPEC §9 (and the timings of SPEC §4). Units are in the names.

/** SPEC §7: every request times out after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** SPEC §2 cart button: badge shows at most 99 (then "99+"). */
export const CART_BADGE_MAX = 99;
/** SPEC §7 GET /api/cart/list default `filters`. */
export const CART_LIST_DEFAULT_FILTER = 99_999;
/** SPEC §4 side cart drawer widths. */
export const CART_DRAWER_CLOSED_PX = 40;
export const CART_DRAWER_OPEN_PX = 310;
/** SPEC §9: the category menu shows the first 7 entries, the top nav the first 9. */
export const CATEGORY_MENU_MAX_ENTRIES = 7;
export const TOP_NAV_MAX_ENTRIES = 9;
/**
 * SPEC §3 Category `childrenShow`: the children the menu shows under an entry without opening it
 * (its quick links), the first 3 by the console's order (docs/decisions/category-children-show.md).
 */
export const CATEGORY_CHILDREN_SHOWN = 3;
/** SPEC §4 search suggestion timings. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SUGGEST_CACHE_MS = 5_000;
export const SUGGEST_BLUR_CLOSE_MS = 200;
/** SPEC §2 header: collapse into the search-top state at this scroll offset. */
export const SEARCH_TOP_SCROLL_PX = 205;
/** SPEC §4 lucky draw. */
export const DRAW_RESULT_DELAY_MS = 2_000;
export const DRAW_CLOSE_ANIMATION_MS = 1_000;
/** SPEC §4 clock tick. */
export const CLOCK_TICK_MS = 1_000;
/** SPEC §4: add-to-cart is deferred by 200 ms. */
export const ADD_TO_CART_DEFER_MS = 200;
/** SPEC §9: the free-shipping zone passes yx=1. */
export const FREE_SHIPPING_ZONE_PARAM = { yx: 1 } as const;
/** SPEC §9: help article category id is fixed. */
export const ARTICLE_CATEGORY_ID = 3;
/** SPEC §9: a 10-digit timestamp is seconds, not milliseconds. */
export const SECONDS_TIMESTAMP_DIGITS = 10;

/** Site title appended to every page title (SPEC §2). */
export const SITE_TITLE = '康源医药网';
