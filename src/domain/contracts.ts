// Response shapes of the calls the shell needs (SPEC §3, §7). Server and client both import them.
import type { OnlinePayMethod } from './orders';

export interface CategoryNode {
  id: number;
  name: string;
  logo: string;
  logo1: string;
  children: CategoryNode[];
  /** SPEC §3: ids of the children the menu shows under this entry before it is opened (a subset of `children`, in their order). */
  childrenShow: number[];
}

export interface NavItem {
  id: number;
  name: string;
  url: string;
  image: string;
  is_open: 0 | 1;
  children: NavItem[];
}

export interface BrandItem {
  id: number;
  name: string;
  logo: string;
}

/** GET /api/focus/common */
export interface CommonData {
  /** Hot search terms (热搜). */
  rnss: string[];
  nav: NavItem[];
  category: CategoryNode[];
  /** Free-shipping (yx=1) variant of the tree. */
  category_yx: CategoryNode[];
  /** Chinese-medicine zone tree. */
  category_zy: CategoryNode[];
  /** Devices zone tree. */
  category_qx: CategoryNode[];
  brand: BrandItem[];
  /** Server time, seconds since epoch (10 digits, SPEC §9). */
  timestamp: number;
}

/** GET /api/global/shop_mode: what differs between the demo and a production shop. */
export interface ShopMode {
  /** The demo shop (not NODE_ENV=production): the login page shows the demo accounts. */
  demo: boolean;
  /** The online gateway step 3 offers: Alipay when configured, else the sandbox in the demo, else null. */
  online_pay: OnlinePayMethod | null;
  /**
   * WeChat registration and binding (/register/wechat, /bdwx) are offered: only the demo's
   * stand-in exists, so false in production until a real WeChat adapter does (the shop hides them).
   */
  wechat: boolean;
  /** The operator's licences the footer lists (SPEC §1); none when not configured in production. */
  licences: Licence[];
  /** Image URLs of the shop's QR codes; null: that code is not shown (the demo draws a placeholder). */
  qr_codes: ShopQrCodes;
}

/** One licence line of the footer: `{name}编号：{number}`. */
export interface Licence {
  name: string;
  number: string;
}

export interface ShopQrCodes {
  /** WeChat mini-program code: the footer and the top bar's 小程序. */
  mini_program: string | null;
  /** WeChat official account: the side bar's 微信. */
  wechat_official: string | null;
}

/** GET /api/goods/search?keywords=&type= — type 1: by medicine name (default), 2: by manufacturer. */
export type SearchType = 1 | 2;
export interface SearchSuggestion {
  /** Goods id for name suggestions; null for a manufacturer suggestion. */
  id: number | null;
  /** The text to search for when picked (goods name or manufacturer name). */
  keyword: string;
  name: string;
  sccj: string;
  ypgg: string;
}

/** GET /api/cart/total */
export interface CartTotal {
  /** Number of cart lines (the badge caps it at 99). */
  count: number;
}

/** GET /api/global/links */
export interface FooterLink {
  id: number;
  name: string;
  url: string;
}

/** A goods summary as lists, hot goods and the cart drawer show it. */
export interface GoodsCard {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  zbz: number;
  goods_image: string;
  /** Null when the viewer may not see prices (visitor or not approved). */
  price: number | null;
  base_price: number | null;
  number: number;
  is_buy: 0 | 1;
  tags: string[];
  /**
   * Why the signed-in company may not buy it (outside its 经营范围, a required certificate lapsed),
   * shown instead of 加入购物车; null when nothing blocks. Absent in answers cached before it existed.
   */
  buy_block?: string | null;
}
