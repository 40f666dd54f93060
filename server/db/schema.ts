// The whole product's schema, designed once (issue: foundation). Money is integer fen, times are
// timestamptz (UTC). Every buyer-owned row carries company_id so ownership checks are one predicate.
// Tables for features that land later (wallet, promotions, draws, help, chat...) are here already so
// they arrive without a migration rewrite.
import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  bigint,
  bigserial,
  text,
  boolean,
  timestamp,
  date,
  jsonb,
  primaryKey,
  uniqueIndex,
  index,
  smallint,
  customType,
  check,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Staff, companies (buyers), users, sessions
// ---------------------------------------------------------------------------------------------

/**
 * Our side: account managers (专属客户经理), salespeople (业务员) and operators. A row with a
 * username and a console role signs in to the operator console (docs/decisions/operator-console.md);
 * the others are only people a company is assigned to.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    role: text('role', { enum: ['account_manager', 'salesperson', 'operator'] }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Console sign-in name; null for staff who never sign in. */
    username: text('username'),
    /** scrypt hash (hex) and its salt (hex), as for buyers (server/auth/password.ts). */
    passwordHash: text('password_hash'),
    passwordSalt: text('password_salt'),
    /** admin, reviewer, finance, warehouse, operations, support (src/domain/operator-roles.ts). */
    consoleRole: text('console_role', {
      enum: ['admin', 'reviewer', 'finance', 'warehouse', 'operations', 'support'],
    }),
    /** Base32 TOTP secret; set when an admin requires a second factor for this operator. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted, so one code signs in once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * A secret the operator is enrolling themselves (console 我的账号): it becomes `totpSecret` only
     * once a first code from it is confirmed, so a half-done enrolment never locks them out.
     */
    totpPendingSecret: text('totp_pending_secret'),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: ts('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_username_uq').on(t.username)],
);

/** Operator console sessions: like buyers' `sessions`, keyed by the SHA-256 of the cookie token. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** One row per operator action: who, when, what, and the row before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** The operator's name as it was, so renaming an account does not rewrite history. */
    staffName: text('staff_name').notNull(),
    /** e.g. company.approve, company.reject, company.settings, staff.totp_require */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    /**
     * The console's request id for actions a double click must not repeat (balance adjustments,
     * grants): unique, so the second request finds the first one's row and changes nothing.
     */
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audit_log_request_key_uq').on(t.requestKey),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
  ],
);

/** A buyer company: pharmacy, clinic, or a chain head office whose stores are child companies. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Head office for a store of a chain (多门店). */
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id),
    kind: text('kind', { enum: ['pharmacy', 'chain', 'clinic', 'hospital', 'other'] })
      .notNull()
      .default('pharmacy'),
    rank: smallint('rank').notNull().default(1),
    reviewStatus: text('review_status', { enum: ['draft', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    reviewNote: text('review_note').notNull().default(''),
    isSpecial: boolean('is_special').notNull().default(false),
    isShowYoux: boolean('is_show_youx').notNull().default(false),
    isCanChat: boolean('is_can_chat').notNull().default(false),
    isAfterSale: boolean('is_after_sale').notNull().default(true),
    accountManagerId: integer('account_manager_id').references(() => staff.id),
    salespersonId: integer('salesperson_id').references(() => staff.id),
    contractSignedAt: ts('contract_signed_at'),
    /** 经营范围 codes the company may buy (drives 控销 and scope checks). */
    businessScope: text('business_scope')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    creditCode: text('credit_code').notNull().default(''),
    legalPerson: text('legal_person').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    address: text('address').notNull().default(''),
    qualityInspectionUrl: text('quality_inspection_url').notNull().default(''),
    /** The distributor's ERP customer code (issue 34): the integration API upserts by it. '' when none. */
    erpCode: text('erp_code').notNull().default(''),
    /**
     * 药品经营许可证 expiry as the ERP holds it (informational: ordering is blocked by the approved
     * qualification files, docs/decisions/integration-api.md "Companies").
     */
    erpLicenceExpiresOn: date('erp_licence_expires_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_parent_idx').on(t.parentId),
    uniqueIndex('companies_erp_code_uq')
      .on(t.erpCode)
      .where(sql`${t.erpCode} <> ''`),
  ],
);

/** Qualification documents (资质) uploaded at registration or in the account centre. */
export const qualificationFiles = pgTable(
  'qualification_files',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** e.g. business_license, drug_license, gsp, medical_device, power_of_attorney, id_card */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    /** Valid-until day (Shanghai); null for documents without one (身份证 copies, 委托书 without end). */
    expiresOn: date('expires_on'),
    /** Review state: only `approved` rows count for buying; a renewal waits as `pending`. */
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** 证书编号 and 发证机关 as printed on the certificate. */
    number: text('number').notNull().default(''),
    issuer: text('issuer').notNull().default(''),
    /**
     * A renewal names the certificate it replaces. The old one stays in force until the renewal
     * is approved; from then on the old row is history (docs/decisions/business-scope.md).
     */
    replacesId: integer('replaces_id').references((): AnyPgColumn => qualificationFiles.id),
    /** The reviewer's reason when rejected, and when the review happened. */
    reviewNote: text('review_note').notNull().default(''),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('qualification_files_company_idx').on(t.companyId),
    index('qualification_files_replaces_idx').on(t.replacesId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    username: text('username').notNull(),
    /** scrypt hash (hex) and its per-user salt (hex). */
    passwordHash: text('password_hash').notNull(),
    passwordSalt: text('password_salt').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    face: text('face').notNull().default(''),
    wechatOpenid: text('wechat_openid'),
    wechatNickname: text('wechat_nickname').notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(true),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: ts('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    index('users_phone_idx').on(t.phone),
    index('users_company_idx').on(t.companyId),
    // One WeChat account binds to at most one shop account.
    uniqueIndex('users_wechat_openid_uq').on(t.wechatOpenid),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /**
     * A head office acting as one of its stores (多门店, /ddgl): every request of this session is
     * the store's. Re-checked on each request against companies.parent_id (docs/decisions/acting-as-store.md).
     */
    actingCompanyId: integer('acting_company_id').references(() => companies.id),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One row per sign-in (password login, or the sign-in that ends registration step 1), kept after
 * the session ends so the account centre can list recent sign-ins with time and client address.
 */
export const loginEvents = pgTable(
  'login_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['password', 'register'] }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('login_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One-time WeChat tickets (SHA-256 of the token as id): the OAuth `state` of real WeChat sign-in,
 * or, in the demo without WeChat settings, the QR of our own confirmation page standing in for the
 * scan; either fills openid and nickname.
 * `bind` tickets belong to a signed-in user; `register` tickets to a visitor's registration.
 */
export const wechatTickets = pgTable('wechat_tickets', {
  id: text('id').primaryKey(),
  purpose: text('purpose', { enum: ['bind', 'register'] }).notNull(),
  userId: integer('user_id').references(() => users.id),
  openid: text('openid'),
  nickname: text('nickname').notNull().default(''),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  scannedAt: ts('scanned_at'),
  usedAt: ts('used_at'),
});

/** Fixed-window counters for rate limits (failed logins per account and per IP, SMS codes). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowEndsAt: ts('window_ends_at').notNull(),
});

/** Phone verification codes; with no SMS gateway here they are readable at GET /api/dev/outbox. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose', {
      enum: ['register', 'reset_password', 'change_password', 'change_phone', 'login'],
    }).notNull(),
    code: text('code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.purpose)],
);

/** Short-lived tokens for multi-step flows (registration step 2, password reset step 2). */
export const flowTokens = pgTable('flow_tokens', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id),
  phone: text('phone').notNull().default(''),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Replayable answers for mutating requests carrying an Idempotency-Key (the outbox relies on it). */
/**
 * Running starts of the shop's server (server/cluster/server-starts.ts): who may still answer an
 * Idempotency-Key it claimed. A start whose heartbeat stopped, or that another start on the same
 * host and port replaced, is gone.
 */
export const serverStarts = pgTable('server_starts', {
  bootId: text('boot_id').primaryKey(),
  /** hostname:port — a new start with the same place replaces the old one at once. */
  place: text('place').notNull(),
  startedAt: ts('started_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who sent it: `u:<userId>` or `ip:<addr>` for visitors. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Hash of the request body, so a reused key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The server start (boot id) that claimed the key; a claim of an earlier start was abandoned. */
    claimedBy: text('claimed_by'),
    status: integer('status'),
    /** The answer's body exactly as first sent (JSON text), so a replay is byte-identical. */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    logo: text('logo').notNull().default(''),
    logo1: text('logo1').notNull().default(''),
    /** Which zone tree a root belongs to: standard (西药/中成药/保健…), zy (中药饮片), qx (器械). */
    zone: text('zone', { enum: ['standard', 'zy', 'qx'] })
      .notNull()
      .default('standard'),
    sort: integer('sort').notNull().default(0),
    isShow: boolean('is_show').notNull().default(true),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
);

export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    pinyinFull: text('pinyin_full').notNull().default(''),
    pinyinInitials: text('pinyin_initials').notNull().default(''),
    province: text('province').notNull().default(''),
  },
  (t) => [uniqueIndex('manufacturers_name_uq').on(t.name)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  banner: text('banner').notNull().default(''),
  description: text('description').notNull().default(''),
  manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
  sort: integer('sort').notNull().default(0),
  isShow: boolean('is_show').notNull().default(true),
});

/** Warehouses (ck_id); each goods row ships from one warehouse. */
export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull().default(''),
});

/**
 * The goods columns but stock and base price (the master row, migration 0034), as a function:
 * the master table and the `goods` view declare them both.
 */
function goodsMasterColumns() {
  return {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 通用名 */
    commonName: text('common_name').notNull().default(''),
    /** Search keys computed at write time with pinyin-pro (lower case, no spaces). */
    pinyinFull: text('pinyin_full').notNull().default(''),
    pinyinInitials: text('pinyin_initials').notNull().default(''),
    /**
     * Search grams of name + common name, kept by the database: search_grams() (migration
     * 0001_search_indexes) = every non-ASCII character and every 2-character window, lower-cased.
     * A stored column (not just an expression index) so the planner has element statistics and
     * a cheap per-row test; see server/services/goods/search.ts.
     */
    searchGrams: text('search_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`search_grams(("name" || ' ' || "common_name"))`),
    manufacturerId: integer('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    /** 生产厂家, denormalised for lists and search. */
    sccj: text('sccj').notNull(),
    sccjPinyinInitials: text('sccj_pinyin_initials').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** The leaf's ancestors, so any level filters with one indexed predicate. */
    categoryL1: integer('category_l1').notNull(),
    categoryL2: integer('category_l2').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** 规格 */
    ypgg: text('ypgg').notNull().default(''),
    /** 包装单位 */
    bzdw: text('bzdw').notNull().default('盒'),
    /** 中包装: quantities must be multiples of it when mid_pack_strict. */
    zbz: integer('zbz').notNull().default(1),
    midPackStrict: boolean('mid_pack_strict').notNull().default(false),
    /** 件装量 */
    jzl: integer('jzl').notNull().default(1),
    dosageForm: text('dosage_form').notNull().default(''),
    /**
     * The distributor's own goods code (its ERP's key; every import matches by it). Unique once
     * set; '' only on rows from before it existed that the migration could not number.
     */
    externalCode: text('external_code').notNull().default(''),
    /** 批准文号 (国药准字…) */
    approvalNo: text('approval_no').notNull().default(''),
    barcode: text('barcode').notNull().default(''),
    batchNo: text('batch_no').notNull().default(''),
    producedOn: date('produced_on'),
    expiresOn: date('expires_on'),
    /** 建议零售价, fen. */
    retailPrice: integer('retail_price').notNull().default(0),
    /** 1: ladder by quantity. */
    ladderPriceType: smallint('ladder_price_type').notNull().default(0),
    /** 0 normal, 1 flash sale, 3 combination (SPEC §3 goods kind). */
    type: smallint('type').notNull().default(0),
    isBuy: boolean('is_buy').notNull().default(true),
    isOnSale: boolean('is_on_sale').notNull().default(true),
    /** Badge tags: 优 秒 满 换购 赠 特 新 */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isFreeShipping: boolean('is_free_shipping').notNull().default(false),
    freeShippingNumber: integer('free_shipping_number').notNull().default(0),
    /** 单品包邮 when the buyer takes at least qg_number. */
    isDpby: boolean('is_dpby').notNull().default(false),
    qgNumber: integer('qg_number').notNull().default(0),
    isYoux: boolean('is_youx').notNull().default(false),
    /** 近效期 */
    isJxq: boolean('is_jxq').notNull().default(false),
    /**
     * 经营范围 class the buyer's licence must cover (src/domain/business-scope.ts SCOPE_CLASSES):
     * a goods outside companies.business_scope is shown but cannot be bought.
     */
    scopeClass: text('scope_class').notNull().default('xy'),
    /** 控销: only entitled buyers see and buy it. */
    isKx: boolean('is_kx').notNull().default(false),
    isZy: boolean('is_zy').notNull().default(false),
    isQx: boolean('is_qx').notNull().default(false),
    /** Prescription drug (处方药) and OTC class. */
    isRx: boolean('is_rx').notNull().default(false),
    /** 含麻黄碱: capped per order and needs receipt details. */
    isEphedrine: boolean('is_ephedrine').notNull().default(false),
    ephedrineLimit: integer('ephedrine_limit').notNull().default(0),
    /** Per-order cap for any goods (0 = none). */
    purchaseLimit: integer('purchase_limit').notNull().default(0),
    minBuy: integer('min_buy').notNull().default(1),
    image: text('image').notNull().default(''),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    storage: text('storage').notNull().default(''),
    salesCount: integer('sales_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  };
}

/** Units available to sell (reserved units are already subtracted). */
const stockColumn = () => integer('stock').notNull().default(0);
/** Price before ladders, fen. */
const basePriceColumn = () => integer('base_price').notNull();

/**
 * A goods' master row: everything but its stock and base price, under the indexes the lists and
 * search use. Written directly only by the bulk writers (write-goods.ts, the imports); reads and
 * other writes use `goods`.
 */
export const goodsMaster = pgTable('goods_master', goodsMasterColumns(), (t) => [
  uniqueIndex('goods_external_code_uq')
    .on(t.externalCode)
    .where(sql`${t.externalCode} <> ''`),
  index('goods_category_idx').on(t.categoryId, t.salesCount),
  index('goods_category_l1_idx').on(t.categoryL1, t.salesCount),
  index('goods_category_l2_idx').on(t.categoryL2, t.salesCount),
  // (…, sales_count): a maker's or brand's list walks its own goods by sales; a manufacturer
  // search (`manufacturer_id IN …`) uses the leading column alone.
  index('goods_manufacturer_idx').on(t.manufacturerId, t.salesCount),
  index('goods_brand_idx').on(t.brandId, t.salesCount),
  index('goods_sales_idx').on(t.salesCount),
  index('goods_created_idx').on(t.createdAt),
  index('goods_pinyin_initials_idx').using('btree', sql`${t.pinyinInitials} text_pattern_ops`),
  index('goods_pinyin_full_idx').using('btree', sql`${t.pinyinFull} text_pattern_ops`),
  index('goods_name_prefix_idx').using('btree', sql`${t.name} text_pattern_ops`),
  // No trigram index on name or sccj and no index over the zone flags together: no query uses
  // them, and every non-HOT goods update pays for each index (migration 0033).
  // Search (server/services/goods/search.ts). fastupdate off: PGlite has no autovacuum to
  // flush a GIN pending list, and an unflushed list is scanned in full by every query. On
  // PostgreSQL migration 0033 turns it on (autovacuum merges it; bulk writes stay cheap).
  index('goods_search_grams_idx').using('gin', t.searchGrams).with({ fastupdate: false }),
  index('goods_pinyin_initials_trgm_idx')
    .using('gin', sql`${t.pinyinInitials} gin_trgm_ops`)
    .with({ fastupdate: false }),
  index('goods_pinyin_full_trgm_idx')
    .using('gin', sql`${t.pinyinFull} gin_trgm_ops`)
    .with({ fastupdate: false }),
  index('goods_common_name_prefix_idx').using('btree', sql`${t.commonName} text_pattern_ops`),
  // category_yx of /api/focus/common: one index-only grouped scan.
  index('goods_free_shipping_category_idx')
    .on(t.categoryId)
    .where(sql`${t.isFreeShipping} AND ${t.isOnSale}`),
  // No (category|maker|brand, base_price) indexes since base_price moved to goods_stock
  // (migration 0034): those price-sorted pages sort their filter's matches.
  // Badge filters (tags && '{秒}'): rare tags have no other way in than a full scan.
  index('goods_tags_idx').using('gin', t.tags).with({ fastupdate: false }),
  // Zone pages: each zone's on-sale goods by sales, small partial indexes, so neither the page
  // (ordered walk) nor the total (bounded count) reads the rest of the catalogue.
  index('goods_zone_jxq_idx')
    .on(t.salesCount)
    .where(sql`${t.isJxq} AND ${t.isOnSale}`),
  index('goods_zone_kx_idx')
    .on(t.salesCount)
    .where(sql`${t.isKx} AND ${t.isOnSale}`),
  index('goods_zone_zy_idx')
    .on(t.salesCount)
    .where(sql`${t.isZy} AND ${t.isOnSale}`),
  index('goods_zone_qx_idx')
    .on(t.salesCount)
    .where(sql`${t.isQx} AND ${t.isOnSale}`),
  index('goods_zone_yx_idx')
    .on(t.salesCount)
    .where(sql`${t.isFreeShipping} AND ${t.isOnSale}`),
  index('goods_zone_youx_idx')
    .on(t.salesCount)
    .where(sql`${t.isYoux} AND ${t.isOnSale}`),
]);

/**
 * A goods' stock and base price, out of the wide master row (docs/decisions/goods-write-indexes.md):
 * an ERP batch or an import of 1,000 stock or price changes writes this narrow table and its two
 * indexes instead of a ~900-byte row under ~30 indexes. `stock >= 0` is a CHECK (migration 0034).
 */
export const goodsStock = pgTable(
  'goods_stock',
  {
    goodsId: integer('goods_id')
      .primaryKey()
      .references(() => goodsMaster.id, { onDelete: 'cascade' }),
    stock: stockColumn(),
    basePrice: basePriceColumn(),
    updatedAt: updatedAt(),
    // Copies of the master row's, kept by triggers (migration 0035): a maker's or brand's goods
    // sorted by price walk their own index instead of the global price index.
    manufacturerId: integer('manufacturer_id'),
    brandId: integer('brand_id'),
  },
  (t) => [
    index('goods_stock_price_idx').on(t.basePrice),
    index('goods_stock_maker_price_idx').on(t.manufacturerId, t.basePrice, t.goodsId),
    index('goods_stock_brand_price_idx').on(t.brandId, t.basePrice, t.goodsId),
  ],
);

/**
 * What every read sees: a VIEW (migration 0034) joining goods_master to goods_stock, declared as a
 * table so selects, joins and `FOR UPDATE` build as before. Its `updated_at` is the later of the
 * two rows'. It is writable through INSTEAD OF triggers that set only the columns a statement
 * changed (stock as a difference, so a concurrent decrement is never lost); bulk writers and
 * checkout's stock moves write the two tables directly.
 */
export const goods = pgTable('goods', {
  ...goodsMasterColumns(),
  stock: stockColumn(),
  basePrice: basePriceColumn(),
  // goods_stock's copies of manufacturer_id and brand_id (migration 0035), read-only: for the
  // price-sorted list of a maker or brand, so the planner can walk goods_stock's index.
  stockManufacturerId: integer('stock_manufacturer_id'),
  stockBrandId: integer('stock_brand_id'),
});

/** Ladder prices: from min_number units on, the unit price is price (fen). */
export const goodsLadderPrices = pgTable(
  'goods_ladder_prices',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    minNumber: integer('min_number').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [uniqueIndex('goods_ladder_prices_uq').on(t.goodsId, t.minNumber)],
);

/** Per-rank price (goods_price_id of SPEC §3): a member rank may get its own price. */
export const goodsPrices = pgTable(
  'goods_prices',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    rank: smallint('rank').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [uniqueIndex('goods_prices_uq').on(t.goodsId, t.rank)],
);

/**
 * The catalogue's version: one row (id 1), bumped under its row lock by every transaction that
 * changes what a buyer may see of a goods, just before it commits (services/catalogue/changes.ts).
 * The lock orders the versions as the commits: a reader that sees version n sees every change
 * up to n (docs/decisions/catalogue-change-log.md).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The catalogue change log: one row per goods per changing transaction, all rows of a
 * transaction under its one version. No foreign key: a deleted goods keeps its `deleted` row.
 * `controlled` is whether the goods was 控销 at that change (who may hear of a goods that is gone).
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    version: bigint('version', { mode: 'number' }).notNull(),
    goodsId: integer('goods_id').notNull(),
    kind: text('kind').notNull(),
    controlled: boolean('controlled').notNull().default(false),
    changedAt: ts('changed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.version, t.goodsId, t.kind] }),
    index('catalogue_changes_goods_idx').on(t.goodsId, t.version),
  ],
);

/**
 * A production batch (批号) of a goods: quality inspection reports (药检报告) hang on it. goods.batch_no
 * is the batch on sale now; older batches stay so a buyer can look up what was delivered.
 */
export const goodsBatches = pgTable(
  'goods_batches',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    batchNo: text('batch_no').notNull(),
    producedOn: date('produced_on'),
    expiresOn: date('expires_on'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('goods_batches_goods_batch_uq').on(t.goodsId, t.batchNo),
    index('goods_batches_batch_no_idx').on(t.batchNo),
  ],
);

/** A quality inspection report file (药检报告: PDF or scan) of one batch. */
export const inspectionReports = pgTable(
  'inspection_reports',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => goodsBatches.id),
    /** e.g. 出厂检验报告, 省药检所检验报告 */
    title: text('title').notNull(),
    reportNo: text('report_no').notNull().default(''),
    /** The laboratory that issued it. */
    issuer: text('issuer').notNull().default(''),
    issuedOn: date('issued_on'),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_reports_batch_idx').on(t.batchId)],
);

export const hotKeywords = pgTable('hot_keywords', {
  id: serial('id').primaryKey(),
  keyword: text('keyword').notNull(),
  sort: integer('sort').notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Cart, favourites, addresses
// ---------------------------------------------------------------------------------------------

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    number: integer('number').notNull(),
    /** Unit price (fen) when added, to tell the buyer when it changed. */
    price: integer('price').notNull(),
    goodsPriceId: integer('goods_price_id'),
    ladderPriceId: integer('ladder_price_id'),
    goodsManjianId: integer('goods_manjian_id'),
    isYj: boolean('is_yj').notNull().default(false),
    /** Goods kind of SPEC §3: 0 normal, 1 flash sale, 3 combination. */
    type: smallint('type').notNull().default(0),
    combinationId: integer('combination_id').notNull().default(0),
    isSelected: boolean('is_selected').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_uq').on(t.companyId, t.goodsId, t.type, t.combinationId),
    index('cart_lines_goods_idx').on(t.goodsId),
  ],
);

/**
 * A buyer's 换购 choice (docs/decisions/promotion-exchange.md): at most one exchange goods per
 * `exchange` promotion per company, with the unit price the buyer saw. Checkout re-checks the tier,
 * stock, limit and price; the order consumes the row; leaving the tier drops it.
 */
export const exchangeChoices = pgTable(
  'exchange_choices',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    number: integer('number').notNull(),
    /** Exchange unit price (fen) when chosen. */
    price: integer('price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.promotionId] })],
);

export const favorites = pgTable(
  'favorites',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.goodsId] }),
    index('favorites_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** 常购清单: a quick-purchase selection saved under a name, reordered in one step (/kjcg). */
export const purchaseLists = pgTable(
  'purchase_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /**
     * `[{ goods_id, number, name }]` in the buyer's order. Kept as one value: a list is read and
     * replaced whole, and the name as saved survives the goods being renamed or delisted.
     */
    items: jsonb('items').notNull().$type<{ goods_id: number; number: number; name: string }[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Saving under an existing name replaces that list (one statement, no duplicates in a race).
  (t) => [uniqueIndex('purchase_lists_company_name_uq').on(t.companyId, t.name)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    consignee: text('consignee').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_company_idx').on(t.companyId),
    // At most one default per company, held by the database too (server/services/addresses/book.ts).
    uniqueIndex('addresses_default_uq')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Promotions, coupons, wallet
// ---------------------------------------------------------------------------------------------

/**
 * A promotion. kind: manjian (满减 tiers), discount (满折 tiers), flash (秒杀), group (拼团),
 * combination (组合购), cashback (满返), everyday (每日特价), exchange (换购), gift (满赠).
 * rules holds the tiers, e.g. { tiers: [{ amount: 100000, reduce: 5000 }] } (fen).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    rules: jsonb('rules')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Applies to every goods when true, else to promotion_goods. */
    allGoods: boolean('all_goods').notNull().default(false),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    image: text('image').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /**
     * The activity page that shows it (zqmb, yyh, hdmb, zhmz, yjh; docs/decisions/activity-pages.md),
     * null = none: each promotion is one goods section of its page.
     */
    page: text('page'),
    createdAt: createdAt(),
  },
  (t) => [index('promotions_kind_idx').on(t.kind, t.startsAt)],
);

export const promotionGoods = pgTable(
  'promotion_goods',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    /** Promotion unit price in fen (flash sale, group buy, combination), null = keep price. */
    price: integer('price'),
    /** Units in the combination, or the group size. */
    quantity: integer('quantity').notNull().default(1),
    stockLimit: integer('stock_limit').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    perCompanyLimit: integer('per_company_limit').notNull().default(0),
    /**
     * Group buy (拼团) only: set once by the deadline sweeper (server/services/promotions/
     * group-deadline.ts) — 'formed' (target reached, the difference was refunded) or 'failed'.
     * Null until the deadline has been decided.
     */
    groupOutcome: text('group_outcome', { enum: ['formed', 'failed'] }),
    decidedAt: ts('decided_at'),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.goodsId] }), index('promotion_goods_goods_idx').on(t.goodsId)],
);

/** Coupon and cash-voucher templates (优惠券 / 现金券). */
export const couponTemplates = pgTable('coupon_templates', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['coupon', 'voucher'] }).notNull(),
  name: text('name').notNull(),
  /** Minimum selected amount (fen) to use it; 0 = none. */
  threshold: integer('threshold').notNull().default(0),
  /** Amount off (fen) — or, when discountPercent is set, a discount cap. */
  amount: integer('amount').notNull().default(0),
  discountPercent: smallint('discount_percent'),
  scope: jsonb('scope')
    .notNull()
    .default(sql`'{}'::jsonb`),
  total: integer('total').notNull().default(0),
  issued: integer('issued').notNull().default(0),
  perCompany: integer('per_company').notNull().default(1),
  validDays: integer('valid_days').notNull().default(30),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  claimable: boolean('claimable').notNull().default(true),
  createdAt: createdAt(),
});

export const companyCoupons = pgTable(
  'company_coupons',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    /** 0 unused, 1 used, 2 expired */
    status: smallint('status').notNull().default(0),
    usedOrderId: integer('used_order_id'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('company_coupons_company_idx').on(t.companyId, t.status)],
);

/** Balance (fen) and points per company; every change also writes a wallet_ledger row. */
export const wallets = pgTable('wallets', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  points: integer('points').notNull().default(0),
  updatedAt: updatedAt(),
});

export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    account: text('account', { enum: ['balance', 'points'] }).notNull(),
    /** Signed change: fen for balance, points for points. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** use_type of SPEC §3 money log: recharge, pay, refund, cashback, adjust, exchange… */
    useType: text('use_type').notNull(),
    orderId: integer('order_id'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_ledger_company_idx').on(t.companyId, t.account, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Orders, payments, after-sales, invoices
// ---------------------------------------------------------------------------------------------

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** pending_payment, awaiting_transfer, paid (待发货), shipped (待收货), completed, cancelled, after_sale */
    status: text('status').notNull(),
    /** normal or points (积分商城). */
    kind: text('kind', { enum: ['normal', 'points'] })
      .notNull()
      .default('normal'),
    goodsAmount: integer('goods_amount').notNull(),
    manjianAmount: integer('manjian_amount').notNull().default(0),
    couponAmount: integer('coupon_amount').notNull().default(0),
    voucherAmount: integer('voucher_amount').notNull().default(0),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    balanceAmount: integer('balance_amount').notNull().default(0),
    pointsUsed: integer('points_used').notNull().default(0),
    /** What is still owed after coupons, vouchers and balance. */
    payAmount: integer('pay_amount').notNull(),
    paidAmount: integer('paid_amount').notNull().default(0),
    couponId: integer('coupon_id'),
    voucherId: integer('voucher_id'),
    address: jsonb('address').notNull(),
    invoice: jsonb('invoice')
      .notNull()
      .default(sql`'{}'::jsonb`),
    remark: text('remark').notNull().default(''),
    payMethod: text('pay_method'),
    hasEphedrine: boolean('has_ephedrine').notNull().default(false),
    ephedrineReceipt: jsonb('ephedrine_receipt'),
    expiresAt: ts('expires_at'),
    paidAt: ts('paid_at'),
    shippedAt: ts('shipped_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The order's place in the ERP's order feed (issue 34): set at commit by a deferred trigger from
     * order_feed_counter, so positions become visible in the order they were given (migration 0030,
     * docs/decisions/order-feed.md). Never written by the application.
     */
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
    /** The change_seq the ERP last acknowledged for this order (0: never). */
    erpAckedSeq: bigint('erp_acked_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    index('orders_change_seq_idx').on(t.changeSeq),
    index('orders_company_idx').on(t.companyId, t.status, t.createdAt),
    index('orders_expiry_idx').on(t.status, t.expiresAt),
  ],
);

/** The order feed's one counter row (id 1): taken by the commit-time trigger of orders. */
export const orderFeedCounter = pgTable('order_feed_counter', {
  id: smallint('id').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    warehouseId: integer('warehouse_id').notNull(),
    /** Snapshot of what was bought, as it was. */
    name: text('name').notNull(),
    sccj: text('sccj').notNull(),
    ypgg: text('ypgg').notNull(),
    bzdw: text('bzdw').notNull(),
    image: text('image').notNull().default(''),
    batchNo: text('batch_no').notNull().default(''),
    expiresOn: date('expires_on'),
    number: integer('number').notNull(),
    price: integer('price').notNull(),
    amount: integer('amount').notNull(),
    type: smallint('type').notNull().default(0),
    promotionId: integer('promotion_id'),
    returnedNumber: integer('returned_number').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_goods_idx').on(t.goodsId)],
);

/**
 * 药品追溯码 of shipped boxes (issue 34 §2): one row per box, on the order line it shipped on, with
 * the batch it left from. A code is unique across the shop: the same box cannot ship twice.
 */
export const traceCodes = pgTable(
  'trace_codes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    batchNo: text('batch_no').notNull(),
    code: text('code').notNull(),
    /** console (the ship form) or erp (the integration API's ship move). */
    source: text('source').notNull().default('console'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trace_codes_code_uq').on(t.code), index('trace_codes_order_idx').on(t.orderId, t.orderLineId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    actor: text('actor').notNull().default('system'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    carrier: text('carrier').notNull(),
    trackingNo: text('tracking_no').notNull(),
    /** [{ time, text }] newest last */
    events: jsonb('events')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** What left the warehouse: [{ order_line_id, number, batch_no, expires_on }] (the 随货同行单's rows). */
    lines: jsonb('lines')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** balance, transfer (对公转账), sandbox (built-in online gateway) */
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    /** created, succeeded, failed, refunded */
    status: text('status').notNull(),
    /** Gateway transaction id; unique so a callback is applied once. */
    gatewayRef: text('gateway_ref'),
    createdAt: createdAt(),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [uniqueIndex('payments_gateway_ref_uq').on(t.gatewayRef), index('payments_order_idx').on(t.orderId)],
);

export const afterSales = pgTable(
  'after_sales',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: ['return', 'refund', 'exchange', 'reissue'] }).notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    /** [{ order_line_id, number }] */
    lines: jsonb('lines').notNull(),
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    amount: integer('amount').notNull().default(0),
    /** submitted, approved, rejected, returning, refunded, closed */
    status: text('status').notNull(),
    history: jsonb('history')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('after_sales_company_idx').on(t.companyId, t.createdAt), index('after_sales_order_idx').on(t.orderId)],
);

/**
 * Money given back to the buyer for an order (docs/decisions/order-money.md): one row per part of
 * a refund, by the route the money was paid (`route`) and where it went back (`destination`). Every
 * refund — a cancel, an after-sale — is written here through server/services/orders/refunds.ts,
 * under the order's row lock, so an order's rows of one route never add up to more than was paid
 * by that route. A gateway part is reserved (pending) before the gateway is called, outside any
 * transaction; its refund_no is the gateway's idempotency key, so a retry refunds once.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The after-sale it belongs to; null for a cancel. */
    afterSaleId: integer('after_sale_id').references(() => afterSales.id),
    /** How the money was paid: balance (checkout deduction or 余额支付), online (a gateway), transfer (对公转账). */
    route: text('route', { enum: ['balance', 'online', 'transfer'] }).notNull(),
    /** Where it went back: the wallet balance, or the gateway it was paid through. */
    destination: text('destination', { enum: ['balance', 'gateway'] }).notNull(),
    /** The online payment sent back through (destination gateway). */
    paymentId: integer('payment_id').references(() => payments.id),
    /** Fen, > 0. */
    amount: integer('amount').notNull(),
    refundNo: text('refund_no').notNull(),
    /** pending (a gateway part sent or about to be), succeeded, failed (retried by the next attempt) */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    /** Why the gateway refused the last attempt. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_refunds_refund_no_uq').on(t.refundNo),
    index('order_refunds_order_idx').on(t.orderId),
    index('order_refunds_after_sale_idx').on(t.afterSaleId),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** normal (普通发票) or special (增值税专用发票) */
    kind: text('kind', { enum: ['normal', 'special'] }).notNull(),
    title: text('title').notNull(),
    taxNo: text('tax_no').notNull().default(''),
    email: text('email').notNull().default(''),
    amount: integer('amount').notNull(),
    /** requested, issued, rejected */
    status: text('status').notNull(),
    invoiceNo: text('invoice_no'),
    /** Why finance refused the request (status rejected); the buyer sees it. */
    rejectReason: text('reject_reason').notNull().default(''),
    pdf: bytea('pdf'),
    issuedAt: ts('issued_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invoices_company_idx').on(t.companyId, t.createdAt), uniqueIndex('invoices_order_uq').on(t.orderId)],
);

/**
 * Uploaded files outside registration. With a company: a buyer's files (after-sale photos),
 * served only to the owner company at GET /api/upload/{id}. Without one (company_id null): the
 * shop's own pictures uploaded by operators (goods images, purpose goods_image), public at
 * GET /api/goods/image/{id}. The type is sniffed from the bytes (server/services/after-sales/photos.ts).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    /** What it was uploaded for, e.g. after_sale. */
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_company_idx').on(t.companyId)],
);

// ---------------------------------------------------------------------------------------------
// Points mall, lucky draws
// ---------------------------------------------------------------------------------------------

export const pointsGoods = pgTable('points_goods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull().default(''),
  points: integer('points').notNull(),
  stock: integer('stock').notNull().default(0),
  isOnSale: boolean('is_on_sale').notNull().default(true),
  /**
   * The catalogue row (off sale) the points order line references, so order lines, shipments and
   * after-sales keep one goods reference (docs/decisions/points-mall.md).
   */
  goodsId: integer('goods_id').references(() => goods.id),
  /** Cash part (fen) of a 积分+现金 goods, taken from the wallet balance; 0 = points only. */
  cashPrice: integer('cash_price').notNull().default(0),
  description: text('description').notNull().default(''),
  /** Units one company may exchange in total (0 = no cap). */
  perCompanyLimit: integer('per_company_limit').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

export const draws = pgTable('draws', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  rules: text('rules').notNull().default(''),
  costPoints: integer('cost_points').notNull().default(0),
  timesPerCompany: integer('times_per_company').notNull().default(1),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  image: text('image').notNull().default(''),
  /**
   * Chances earned by orders (docs/decisions/lucky-draw.md): each paid order of at least this
   * many fen placed inside the draw's window adds one chance; null = orders earn none.
   */
  orderMinAmount: integer('order_min_amount'),
  /** An operator can stop a draw before its end. */
  isActive: boolean('is_active').notNull().default(true),
});

export const drawPrizes = pgTable('draw_prizes', {
  id: serial('id').primaryKey(),
  drawId: integer('draw_id')
    .notNull()
    .references(() => draws.id),
  name: text('name').notNull(),
  remarks: text('remarks').notNull().default(''),
  weight: integer('weight').notNull(),
  stock: integer('stock').notNull().default(0),
  /** coupon, points, goods, none */
  kind: text('kind').notNull().default('none'),
  refId: integer('ref_id'),
});

export const drawRecords = pgTable(
  'draw_records',
  {
    id: serial('id').primaryKey(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    prizeId: integer('prize_id').references(() => drawPrizes.id),
    /** The prize as won (name and remarks may change later). */
    prizeName: text('prize_name').notNull().default(''),
    prizeRemarks: text('prize_remarks').notNull().default(''),
    /** The client's Idempotency-Key: a replay returns this record instead of drawing again. */
    requestKey: text('request_key'),
    /**
     * A goods prize (draw_prizes.kind 'goods', ref_id = goods id) rides on the buyer's next order
     * as a 0-price line: the order that took it, null while it waits (docs/decisions/lucky-draw.md).
     */
    usedOrderId: integer('used_order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('draw_records_company_idx').on(t.drawId, t.companyId),
    uniqueIndex('draw_records_request_uq').on(t.companyId, t.requestKey),
  ],
);

/** A tap on an activity entry (POST /api/activity/tap): which entry, where, by whom (null = visitor). */
export const activityTaps = pgTable(
  'activity_taps',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    source: text('source').notNull().default(''),
    companyId: integer('company_id').references(() => companies.id),
    createdAt: createdAt(),
  },
  (t) => [index('activity_taps_url_idx').on(t.url, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Content: focus/ad slots, nav, links, articles, config
// ---------------------------------------------------------------------------------------------

/**
 * Focus and ad slots (SPEC §7 /api/focus*). slot: index (home carousel), demo, kxzq_ad, new_kxzq,
 * right, xrtj, top, ppzq, kxzq, zyzq, login, yx, brand, post, bottom, top_banner, draw…
 */
export const focusItems = pgTable(
  'focus_items',
  {
    id: serial('id').primaryKey(),
    slot: text('slot').notNull(),
    title: text('title').notNull().default(''),
    image: text('image').notNull(),
    url: text('url').notNull().default(''),
    /** e.g. brand id for slot 'brand' */
    refId: integer('ref_id'),
    sort: integer('sort').notNull().default(0),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
  },
  (t) => [index('focus_items_slot_idx').on(t.slot, t.sort)],
);

export const navItems = pgTable('nav_items', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').references((): AnyPgColumn => navItems.id),
  name: text('name').notNull(),
  url: text('url').notNull(),
  image: text('image').notNull().default(''),
  isOpen: boolean('is_open').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const links = pgTable('links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const articleCategories = pgTable('article_categories', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').references((): AnyPgColumn => articleCategories.id),
  name: text('name').notNull(),
  /** Route code, e.g. xrzn, hyzc, news_hy. */
  code: text('code').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    cover: text('cover').notNull().default(''),
    publishedAt: ts('published_at').notNull().defaultNow(),
    views: integer('views').notNull().default(0),
    /** false: an operator withdrew it (console); the shop lists and answers only published ones. */
    isPublished: boolean('is_published').notNull().default(true),
    /** Operator's ordering within a category: higher first, then newest (docs/decisions/console-content.md). */
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('articles_category_idx').on(t.categoryId, t.publishedAt)],
);

/**
 * Pictures operators upload for articles and banners (console): public, served by id at
 * GET /api/content_images/{id}. Buyers' files stay in `uploads` (private, per company).
 */
export const contentImages = pgTable('content_images', {
  id: serial('id').primaryKey(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  staffId: integer('staff_id').references(() => staff.id),
  createdAt: createdAt(),
});

/** Site-wide settings (hot_line, qq1, qq2, licences, chat url…) as key → JSON value. */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Messages, requests, feedback, e-contracts
// ---------------------------------------------------------------------------------------------

/**
 * 我的消息: written by the server when something happens to the company (server/services/messages).
 * Read state is per company (messages are addressed to the company, every member of it shares them).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** system, order, promotion (src/domain/messages.ts MESSAGE_KINDS) */
    kind: text('kind', { enum: ['system', 'order', 'promotion'] })
      .notNull()
      .default('system'),
    /** A shop path the message opens (order, after-sale, coupons); null when there is none. */
    link: text('link'),
    /**
     * Set for reminders that must be written once (e.g. `cert30:<file id>`): the unique index makes
     * a second sweep, or a second worker's sweep, insert nothing.
     */
    dedupeKey: text('dedupe_key'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_company_idx').on(t.companyId, t.readAt),
    index('messages_company_created_idx').on(t.companyId, t.createdAt),
    uniqueIndex('messages_dedupe_uq').on(t.companyId, t.dedupeKey),
  ],
);

/**
 * 求购 / 品种求购 (POST /api/user/buy). status: pending 待处理 → replied 已回复 → listed 已上架
 * (src/domain/product-requests.ts); goods_id is the goods the operator listed for it.
 */
export const productRequests = pgTable(
  'product_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    sccj: text('sccj').notNull().default(''),
    ypgg: text('ypgg').notNull().default(''),
    approvalNo: text('approval_no').notNull().default(''),
    /** Units a month the buyer expects to take. */
    quantity: integer('quantity').notNull().default(1),
    /** Fen; null when the buyer named no price. */
    expectedPrice: integer('expected_price'),
    remark: text('remark').notNull().default(''),
    status: text('status').notNull().default('pending'),
    reply: text('reply').notNull().default(''),
    goodsId: integer('goods_id').references(() => goods.id),
    repliedAt: ts('replied_at'),
    createdAt: createdAt(),
  },
  (t) => [index('product_requests_company_idx').on(t.companyId, t.createdAt)],
);

/** 意见反馈 / 投诉建议 (POST /api/user/feedback); photos are uploads ids (purpose feedback). */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    kind: text('kind').notNull().default('suggestion'),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    photos: integer('photos')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    reply: text('reply').notNull().default(''),
    repliedAt: ts('replied_at'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * 到货通知 (kind restock) and 降价提醒 (kind price_drop, below target_price fen): armed while
 * notified_at is null; the check that writes the buyer's message sets it in the same statement,
 * so one change notifies once (server/services/goods-alerts/). One alert per goods and kind.
 */
export const goodsAlerts = pgTable(
  'goods_alerts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    kind: text('kind').notNull(),
    targetPrice: integer('target_price'),
    notifiedAt: ts('notified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('goods_alerts_uq').on(t.companyId, t.goodsId, t.kind),
    index('goods_alerts_armed_idx')
      .on(t.goodsId)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);

/**
 * E-contract (电子合同) signatures: one row per company and version signed; checkout answers 459
 * until the company has a row for the current version (server/services/contracts/versions.ts).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    version: text('version').notNull(),
    signedAt: ts('signed_at').notNull().defaultNow(),
    signerName: text('signer_name').notNull(),
    /** The member who signed (a head office user when it acts as the store). */
    userId: integer('user_id').references(() => users.id),
    /** The client address the signature came from. */
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('contracts_company_version_uq').on(t.companyId, t.version)],
);

// ---------------------------------------------------------------------------------------------
// Customer-service chat (issue 19; docs/decisions/customer-service-chat.md)
// ---------------------------------------------------------------------------------------------

/**
 * One buyer's conversation with customer service: waiting (nobody took it yet), open (an agent
 * has it) or closed. A member has at most one conversation that is not closed (the partial unique
 * index), so a second tab or a second server process never opens a parallel one.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['waiting', 'open', 'closed'] })
      .notNull()
      .default('waiting'),
    /** The operator (staff row) answering it; null while waiting. */
    agentId: integer('agent_id').references(() => staff.id),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_conversations_live_uq')
      .on(t.userId)
      .where(sql`${t.status} <> 'closed'`),
    index('chat_conversations_status_idx').on(t.status, t.lastMessageAt),
  ],
);

/**
 * Every chat line, in id order. The id is also the live connection's cursor: each server process
 * reads rows past the last id it saw and hands them to its own listeners, so a message written by
 * one process reaches a client connected to another (server/services/chat/hub.ts).
 * delivered_at: the other side's client received it; read_at: the other side saw it.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    /** buyer, agent, or system (taken, transferred, closed notices). */
    sender: text('sender', { enum: ['buyer', 'agent', 'system'] }).notNull(),
    /** The operator who wrote an agent line. */
    staffId: integer('staff_id').references(() => staff.id),
    kind: text('kind', { enum: ['text', 'image', 'goods', 'order'] }).notNull(),
    /** The text of a text or system line; empty for the others. */
    body: text('body').notNull().default(''),
    /** An image line's file (uploads, purpose 'chat', owned by the buyer's company). */
    uploadId: integer('upload_id').references(() => uploads.id),
    /** A goods or order card as it was when sent (src/domain/chat.ts ChatCard). */
    card: jsonb('card'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Integration API (issue 34): the distributor's ERP signs in with a client's key id and secret
// ---------------------------------------------------------------------------------------------

/**
 * A machine client of /api/integration/v1 (an ERP), created by a 管理员 in the console. Its secret
 * lives in integration_secrets (docs/decisions/integration-api.md "Secrets").
 */
export const integrationClients = pgTable(
  'integration_clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Sent in X-Key-Id; public, never reused. */
    keyId: text('key_id').notNull(),
    /** goods:write, stock:write … (src/domain/integration.ts INTEGRATION_SCOPES). */
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: createdAt(),
    /** Set: every request with this key id is refused (reason key_revoked). */
    revokedAt: ts('revoked_at'),
    /** The last signed request that passed; moved at most once a minute. */
    lastUsedAt: ts('last_used_at'),
    /**
     * Made by POST /api/integration/v1/bootstrap (INTEGRATION_BOOTSTRAP_TOKEN): at most one such
     * client is in force at a time (the partial unique index), so the token creates one client only.
     */
    bootstrap: boolean('bootstrap').notNull().default(false),
    /**
     * The client as an actor of the audit trail: a staff row of its own (role operator, no console
     * sign-in), so its catalogue writes are logged like an operator's.
     */
    staffId: integer('staff_id').references(() => staff.id),
  },
  (t) => [
    uniqueIndex('integration_clients_key_id_uq').on(t.keyId),
    uniqueIndex('integration_clients_bootstrap_uq')
      .on(t.bootstrap)
      .where(sql`${t.bootstrap} AND ${t.revokedAt} IS NULL`),
  ],
);

/**
 * A client's secrets: the current one (expires_at null) and, after a rotation, the previous one
 * until the end of its overlap window. Sealed with AES-256-GCM: the server needs the secret itself
 * to check an HMAC, so a one-way hash cannot serve.
 */
export const integrationSecrets = pgTable(
  'integration_secrets',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => integrationClients.id),
    /** base64url(iv) . base64url(tag) . base64url(ciphertext) (server/services/integration/seal.ts). */
    sealed: text('sealed').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
  },
  (t) => [index('integration_secrets_client_idx').on(t.clientId)],
);

/**
 * Nonces seen within the timestamp window. The primary key refuses a reused nonce in the insert
 * itself, so two concurrent requests with one nonce cannot both pass.
 */
export const integrationNonces = pgTable(
  'integration_nonces',
  {
    clientId: integer('client_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.nonce] }), index('integration_nonces_expires_idx').on(t.expiresAt)],
);

/** Every call to /api/integration/v1, passed or refused: who, which route, what came of it. */
export const integrationCalls = pgTable(
  'integration_calls',
  {
    id: serial('id').primaryKey(),
    /** Null when the key id named no client (or none was sent). */
    clientId: integer('client_id'),
    keyId: text('key_id').notNull().default(''),
    method: text('method').notNull(),
    /** The route's pattern (e.g. `POST /stock`), or the path when no route matched. */
    route: text('route').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    /** '' when answered 2xx; else the refusal's reason code (docs/integration-api.md). */
    reason: text('reason').notNull().default(''),
    /** Batch counts and similar (items, applied, failed), when the route gives them. */
    result: jsonb('result'),
    requestId: text('request_id').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_calls_client_idx').on(t.clientId, t.createdAt),
    index('integration_calls_created_idx').on(t.createdAt),
  ],
);

/**
 * The ERP's change sequence last applied per goods and field kind (stock, price): an update whose
 * sequence is not above it is older than what the goods shows and is ignored.
 */
export const integrationSequences = pgTable(
  'integration_sequences',
  {
    goodsId: integer('goods_id').notNull(),
    kind: text('kind', { enum: ['stock', 'price'] }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.goodsId, t.kind] })],
);

/**
 * The catalogue import's journal (migration 0036, services/admin/catalogue-file/import-run.ts): one
 * row per apply, `applying` while its short transactions write the goods, then `applied` or
 * `rolled_back`. At most one is `applying` (a unique partial index).
 */
export const catalogueImportRuns = pgTable('catalogue_import_runs', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  staffId: integer('staff_id').notNull(),
  staffName: text('staff_name').notNull(),
  status: text('status', { enum: ['applying', 'applied', 'rolled_back'] }).notNull(),
  bootId: text('boot_id').notNull(),
  ginIndexes: text('gin_indexes')
    .array()
    .notNull()
    .default(sql`'{}'`),
  startedAt: ts('started_at').notNull(),
  touchedAt: ts('touched_at').notNull(),
  endedAt: ts('ended_at'),
  note: jsonb('note'),
});

/** What a run wrote, to undo it: a created row, or the written columns' values before and after. */
export const catalogueImportUndo = pgTable(
  'catalogue_import_undo',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => catalogueImportRuns.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['goods', 'maker', 'brand', 'category'] }).notNull(),
    targetId: integer('target_id').notNull(),
    created: boolean('created').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('catalogue_import_undo_run_idx').on(t.runId, t.kind, t.id)],
);
