// The integration API's vocabulary (issue 34, docs/integration-api.md), shared by the server, the
// console's 对接凭证 page and the reference ERP client: scopes, the signing headers, the refusal
// reasons an integrator switches on, and the limits.

export const INTEGRATION_SCOPES = [
  'goods:write',
  'stock:write',
  'prices:write',
  'companies:write',
  'orders:read',
  'orders:write',
] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

export const INTEGRATION_SCOPE_LABELS: Record<IntegrationScope, string> = {
  'goods:write': '商品资料写入',
  'stock:write': '库存写入',
  'prices:write': '价格写入',
  'companies:write': '客户资料写入',
  'orders:read': '订单读取',
  'orders:write': '订单回传',
};

export const isIntegrationScope = (v: unknown): v is IntegrationScope =>
  typeof v === 'string' && (INTEGRATION_SCOPES as readonly string[]).includes(v);

/** Where the API lives. */
export const INTEGRATION_BASE_PATH = '/api/integration/v1';

/** Request headers of a signed call (docs/integration-api.md "Signing"). */
export const SIGNING_HEADERS = {
  keyId: 'X-Key-Id',
  timestamp: 'X-Timestamp',
  nonce: 'X-Nonce',
  signature: 'X-Signature',
} as const;

/** A timestamp further than this from the server's clock, either way, is refused. */
export const CLOCK_SKEW_SECONDS = 5 * 60;
/** 16 to 64 characters of letters, digits, `-` and `_`. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Rotation: how long the previous secret keeps working, by default and at most. */
export const ROTATION_OVERLAP_DEFAULT_MINUTES = 60;
export const ROTATION_OVERLAP_MAX_MINUTES = 7 * 24 * 60;

/** Items in one batch write. */
export const BATCH_MAX_ITEMS = 1000;

/**
 * Stable, English reason codes in `data.reason` of every refusal: an integrator's code switches on
 * these, never on the Chinese `msg`. Add, never rename.
 */
export const INTEGRATION_REASONS = {
  missing_credentials: '缺少签名请求头（X-Key-Id、X-Timestamp、X-Nonce、X-Signature）',
  unknown_key: '密钥ID不存在',
  key_revoked: '该对接凭证已停用',
  bad_timestamp: 'X-Timestamp 须为Unix时间戳（秒）',
  clock_skew: '请求时间与服务器时间相差超过5分钟，请校准时钟',
  bad_nonce: 'X-Nonce 须为16-64位字母、数字、-或_',
  nonce_reused: '该随机串（X-Nonce）已使用过，请为每个请求生成新的随机串',
  bad_signature: '签名错误',
  scope_not_granted: '该对接凭证未获授权进行此操作',
  idempotency_key_required: '写入请求须带 Idempotency-Key 请求头',
  invalid_request: '请求参数错误',
  bad_request: '请求格式错误',
  not_found: '接口不存在',
  in_progress: '请求处理中，请稍候',
  import_running: '另一个商品资料导入正在进行，请等它完成后再导入',
  body_too_large: '提交的内容过大',
  bootstrap_unavailable: '未开启对接凭证初始化',
  bootstrap_refused: '初始化令牌错误',
  bootstrap_spent: '已有初始化创建的对接凭证，请在运营后台管理',
  server_error: '系统繁忙，请稍候再试',
} as const;
export type IntegrationReason = keyof typeof INTEGRATION_REASONS;

/** One integration client as the console lists it (never its secret). */
export interface IntegrationClientView {
  id: number;
  name: string;
  key_id: string;
  scopes: IntegrationScope[];
  note: string;
  created_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
  /** When the previous secret stops working after a rotation; null when only one secret is valid. */
  previous_secret_expires_at: number | null;
}

/** The answer of create and rotate: the secret, shown this once. */
export interface IntegrationCredentials {
  client: IntegrationClientView;
  key_id: string;
  secret: string;
}

/** One row of a client's call log. */
export interface IntegrationCallView {
  id: number;
  method: string;
  route: string;
  path: string;
  status: number;
  reason: string;
  result: unknown;
  request_id: string;
  ip: string;
  created_at: number;
}

/** What became of one item of a batch write. */
export type ItemStatus = 'created' | 'updated' | 'applied' | 'unchanged' | 'ignored' | 'failed';

export interface ItemResult {
  /** The item's place in the batch, from 0. */
  index: number;
  /** The item's key as sent (external code or customer code). */
  code: string;
  status: ItemStatus;
  /** The shop's id of the goods or company, when known. */
  id: number | null;
  /** Why it failed (`field：message`), or why it was ignored. */
  errors: string[];
}

export interface BatchResult {
  items: number;
  /** Created, updated or applied. */
  applied: number;
  unchanged: number;
  /** Older than what the shop shows (its sequence not above the last applied one). */
  ignored: number;
  failed: number;
  results: ItemResult[];
}

export function batchResult(results: ItemResult[]): BatchResult {
  const count = (f: (r: ItemResult) => boolean) => results.filter(f).length;
  const sorted = [...results].sort((a, b) => a.index - b.index);
  return {
    items: results.length,
    applied: count((r) => r.status === 'created' || r.status === 'updated' || r.status === 'applied'),
    unchanged: count((r) => r.status === 'unchanged'),
    ignored: count((r) => r.status === 'ignored'),
    failed: count((r) => r.status === 'failed'),
    results: sorted,
  };
}

/** Field errors as one line each: `stock：库存须为整数`. */
export const errorLines = (errors: Record<string, string[]>): string[] =>
  Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((m) => (field === '_form' ? m : `${field}：${m}`)),
  );
