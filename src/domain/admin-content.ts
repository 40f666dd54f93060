// Wire types and shared rules of the console's content and site settings (issue 18 part C,
// /api/admin/articles and /api/admin/settings). Times are milliseconds, money integer fen.

export interface ConsoleArticleCategory {
  id: number;
  /** '帮助中心 / 新手指南 / 会员注册': the path from the root, for pickers. */
  path: string;
}

export interface ConsoleArticleRow {
  id: number;
  title: string;
  category_id: number;
  category_path: string;
  is_published: boolean;
  sort: number;
  published_at: number;
}

export interface ConsoleArticle extends ConsoleArticleRow {
  summary: string;
  /** Sanitised HTML, as stored. */
  body: string;
}

/** POST /api/admin/articles and /api/admin/articles/{id}. */
export interface ArticleDraft {
  category_id: number;
  title: string;
  summary: string;
  body: string;
  sort: number;
  is_published: boolean;
}

export const ARTICLE_TITLE_MAX = 80;
export const ARTICLE_SUMMARY_MAX = 200;
export const ARTICLE_SORT_MAX = 9_999;

export const ARTICLE_SORTS = ['published_at', 'sort', 'id'] as const;
export type ArticleSortKey = (typeof ARTICLE_SORTS)[number];

/**
 * Site settings that drive server rules (docs/decisions/console-content.md). Each is stored in
 * site_config under its key; without a row the defaults (or, for the transfer account, the
 * TRANSFER_* environment) apply.
 */
export interface SiteSettings {
  /** site_config 'shipping': free shipping from this goods amount (fen), else `fee` (fen). */
  shipping: { shipping_amount: number; fee: number };
  /** site_config 'payment_window': minutes an online-payment order may stay unpaid. */
  payment_window: { minutes: number };
  /** site_config 'transfer_account': our 对公转账 receiving account; null = the environment's (or the demo's). */
  transfer_account: { account_name: string; bank: string; account_no: string } | null;
  /**
   * site_config 'shop_front': the footer's licences and what the shop's QR codes point at (drawn
   * by the server with qrcode); null = the environment's (SHOP_LICENCES, SHOP_QR_*) or the demo's.
   */
  shop_front: ShopFrontSetting | null;
}

export interface ShopFrontSetting {
  licences: { name: string; number: string }[];
  qr_targets: { mini_program: string | null; wechat_official: string | null };
}

export const QR_KINDS = ['mini_program', 'wechat_official'] as const;
export const LICENCES_MAX = 6;

/** GET /api/admin/settings: the settings and where the transfer account shown to buyers comes from. */
export interface SiteSettingsView extends SiteSettings {
  transfer_account_source: 'console' | 'environment' | 'demo';
}

/**
 * The money settings (docs/decisions/money-settings.md): where buyers' 对公转账 goes and how long an
 * order waits for its payment. Only 管理员 and 财务 change them, each change with a fresh TOTP code
 * (`totp_code`), audited as `settings.money_update` and announced on every operator's 工作台.
 */
export const MONEY_SETTING_KEYS = ['transfer_account', 'payment_window'] as const;
export type MoneySettingKey = (typeof MONEY_SETTING_KEYS)[number];
/** The settings 运营 keep (they move no money): shipping and the shop front. */
export const SITE_SETTING_KEYS = ['shipping', 'shop_front'] as const;

export const isMoneySetting = (key: keyof SiteSettings): key is MoneySettingKey =>
  (MONEY_SETTING_KEYS as readonly string[]).includes(key);

export const MONEY_SETTING_LABELS: Record<MoneySettingKey, string> = {
  transfer_account: '对公转账收款账户',
  payment_window: '支付时限',
};

/** POST /api/admin/settings: any of the settings; `totp_code` when a money setting is among them. */
export type SiteSettingsPatch = Partial<SiteSettings> & { totp_code?: string };

export const MONEY_SETTINGS_ROLE_MSG = '收款账户与支付时限只有管理员和财务可以修改';
export const SITE_SETTINGS_ROLE_MSG = '运费与页脚设置只有运营和管理员可以修改';
export const MONEY_SETTINGS_TOTP_OFF_MSG = '修改收款账户与支付时限须使用动态验证码，请先在“我的账号”开启动态验证码';
export const MONEY_SETTINGS_TOTP_MISSING_MSG = '请输入6位动态验证码';

/** One money-settings change, as 工作台 announces it to every operator (GET /api/admin/dashboard `money_settings_changes`). */
export interface MoneySettingsChange {
  id: number;
  /** ms */
  at: number;
  by: string;
  changed: MoneySettingKey[];
  /** The stored values (null: no console setting, the environment's or the default applied). */
  before: MoneySettingValues;
  after: MoneySettingValues;
}

export type MoneySettingValues = { [K in MoneySettingKey]?: SiteSettings[K] | null };

/** How long 工作台 keeps announcing a money-settings change. */
export const MONEY_SETTINGS_NOTICE_DAYS = 7;

export const PAYMENT_WINDOW_MINUTES_MIN = 5;
export const PAYMENT_WINDOW_MINUTES_MAX = 1_440;
/** 1,000,000 yuan: far above any order; catches a yuan amount typed into a fen field ×100. */
export const SHIPPING_FEN_MAX = 100_000_000;

/**
 * The shop's editable lists (GET/POST /api/admin/site-lists/{kind}): 热门搜索词, the top
 * navigation, the footer's 友情链接 and the pictures of a focus/ad slot. Each is saved whole, in
 * the order given.
 */
export const SITE_LIST_KINDS = ['hot_keywords', 'nav', 'links', 'focus'] as const;
export type SiteListKind = (typeof SITE_LIST_KINDS)[number];

export const SITE_LIST_LABELS: Record<SiteListKind, string> = {
  hot_keywords: '热门搜索词',
  nav: '顶部导航',
  links: '友情链接',
  focus: '焦点图与广告位',
};

/** Focus/ad slots the shop shows (SPEC §7 /api/focus*). */
export const FOCUS_SLOTS = [
  'index',
  'right',
  'top',
  'top_banner',
  'bottom',
  'xrtj',
  'ppzq',
  'kxzq',
  'kxzq_ad',
  'new_kxzq',
  'zyzq',
  'login',
  'yx',
  'demo',
  'post',
  'qxzq',
  'jxq',
  'draw',
] as const;
export type FocusSlot = (typeof FOCUS_SLOTS)[number];

export const FOCUS_SLOT_LABELS: Record<FocusSlot, string> = {
  index: '首页轮播',
  right: '首页右侧',
  top: '页头横幅',
  top_banner: '顶部通栏',
  bottom: '底部浮条',
  xrtj: '新人推荐',
  ppzq: '品牌专区',
  kxzq: '控销专区',
  kxzq_ad: '控销广告',
  new_kxzq: '控销新品',
  zyzq: '中药专区',
  login: '登录页',
  yx: '包邮专区',
  demo: '首页专场',
  post: '首页快讯',
  qxzq: '器械专区',
  jxq: '近效期',
  draw: '幸运抽奖',
};

/** One row of a list; `id` is absent for a new row. Unused fields are ''. */
export interface SiteListItem {
  id?: number;
  /** hot_keywords: the word; nav, links: the name; focus: the title. */
  name: string;
  /** nav, links, focus: where it goes (a site path or http(s)). */
  url: string;
  /** focus: the picture, a path under /media/. */
  image: string;
}

export const SITE_LIST_MAX = 50;
