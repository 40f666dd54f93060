// "May this company buy this goods?" — the pure part, shared by the server (cart, quick add, copy,
// checkout) and the page (why a tile shows a reason instead of 加入购物车). The server loads the
// company's licensed scope and its expired required certificates (server/services/qualifications/
// entitlement.ts); this decides. docs/decisions/business-scope.md.

/** 经营范围 classes a goods belongs to and a licence covers, with the names on the licence. */
export const SCOPE_CLASSES = {
  xy: '化学药制剂',
  swzp: '生物制品',
  zcy: '中成药',
  zyyp: '中药饮片',
  qx: '第二类医疗器械',
  bjsp: '保健食品',
  jsyp: '计生用品',
  xdcp: '消毒产品',
} as const;
export type ScopeClass = keyof typeof SCOPE_CLASSES;

export const isScopeClass = (v: string): v is ScopeClass => Object.hasOwn(SCOPE_CLASSES, v);

/** The licence name of a class ('' for an unknown code, which no company can hold either). */
export const scopeClassName = (code: string): string => (isScopeClass(code) ? SCOPE_CLASSES[code] : '');

/** What the buyer's company holds: its licensed classes and its required certificates that lapsed. */
export interface PurchaseEntitlement {
  /**
   * Licensed classes. Empty means "not recorded yet" (companies approved before the review
   * recorded scopes): nothing is restricted by scope then (docs/decisions/business-scope.md).
   */
  scope: readonly string[];
  /** Names of required certificates (营业执照, 药品经营许可证 …) whose every approved copy expired. */
  expiredCertificates: readonly string[];
}

/** Nothing blocks: used where no company is involved (visitors see no buy button anyway). */
export const UNRESTRICTED: PurchaseEntitlement = { scope: Object.keys(SCOPE_CLASSES), expiredCertificates: [] };

/**
 * Why the company may not buy a goods of `scopeClass`, as a short Chinese reason, or null. An
 * expired certificate comes first: it blocks every goods, and renewing it is what the buyer must do.
 */
export function purchaseBlock(e: PurchaseEntitlement, scopeClass: string): string | null {
  const expired = e.expiredCertificates[0];
  if (expired !== undefined) return `${expired}已过期，暂不能购买`;
  if (e.scope.length > 0 && !e.scope.includes(scopeClass)) {
    const name = scopeClassName(scopeClass) || '该类商品';
    return `不在贵公司经营范围（${name}）`;
  }
  return null;
}

/** The classes in licence order, for forms (the operator console's scope checkboxes). */
export const BUSINESS_SCOPES: readonly { code: ScopeClass; label: string }[] = Object.entries(SCOPE_CLASSES).map(
  ([code, label]) => ({
    code: code as ScopeClass,
    label,
  }),
);
export const BUSINESS_SCOPE_CODES: readonly string[] = Object.keys(SCOPE_CLASSES);
