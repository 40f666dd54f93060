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
}

/** GET /api/admin/settings: the settings and where the transfer account shown to buyers comes from. */
export interface SiteSettingsView extends SiteSettings {
  transfer_account_source: 'console' | 'environment' | 'demo';
}

export const PAYMENT_WINDOW_MINUTES_MIN = 5;
export const PAYMENT_WINDOW_MINUTES_MAX = 1_440;
/** 1,000,000 yuan: far above any order; catches a yuan amount typed into a fen field ×100. */
export const SHIPPING_FEN_MAX = 100_000_000;
