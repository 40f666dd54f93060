// 药品追溯码 (issue 34 §2): the rule a code must meet, how many a shipped line may carry, and the
// receipt check a buyer runs against a shipment. Shared by the console's ship form, the server
// (console and ERP moves) and the buyer's 扫码验货 (docs/decisions/trace-codes.md).

/** 码上放心 / NMPA's 20-digit drug traceability code: 7-digit 药品标识码, 9-digit serial, 4 check digits. */
export const TRACE_CODE_PATTERN = /^\d{20}$/;
export const TRACE_CODE_LENGTH = 20;

/**
 * What a scanner or a person typed, as stored: full-width digits made ASCII (a Chinese input method
 * types ０-９), spaces and hyphens dropped (codes are printed in groups). Nothing else is changed, so
 * a letter or a wrong length is still refused.
 */
export function normalizeTraceCode(raw: string): string {
  return raw.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[\s-]/g, '');
}

/** The Chinese reason a code is refused, or null when it is well-formed. */
export function traceCodeProblem(code: string): string | null {
  if (code === '') return '追溯码不能为空';
  if (!/^\d+$/.test(code)) return `追溯码${code}格式不正确：只能包含数字`;
  if (code.length !== TRACE_CODE_LENGTH) return `追溯码${code}格式不正确：应为20位数字（当前${code.length}位）`;
  return null;
}

/**
 * Per line, at most one code per unit sold (one unit of the line's 包装单位 is one box). Codes are
 * optional: a line with none ships like before.
 */
export const TRACE_CODES_PER_LINE_MAX = 1000;

export function tooManyCodes(count: number, units: number): string | null {
  return count > units ? `追溯码数量（${count}）超过发货数量（${units}）` : null;
}

/** Problems of one line's codes, keyed by index in the list given: format and repeats within the shipment. */
export function lineCodeProblems(
  codes: readonly string[],
  seenElsewhere: ReadonlySet<string> = new Set(),
): Map<number, string> {
  const out = new Map<number, string>();
  const seen = new Set<string>();
  codes.forEach((code, i) => {
    const bad = traceCodeProblem(code);
    if (bad) out.set(i, bad);
    else if (seen.has(code) || seenElsewhere.has(code)) out.set(i, `追溯码${code}重复`);
    seen.add(code);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// 扫码验货: each scan against the shipment
// ---------------------------------------------------------------------------------------------

export type ReceiptScanVerdict = 'ok' | 'foreign' | 'repeat' | 'invalid';

export const RECEIPT_VERDICT_TEXT: Record<ReceiptScanVerdict, string> = {
  ok: '已核对',
  foreign: '不属于本订单',
  repeat: '重复扫码',
  invalid: '不是有效的追溯码',
};

export interface ShippedCode {
  code: string;
  line_id: number;
  name: string;
}

export interface ReceiptScan {
  code: string;
  verdict: ReceiptScanVerdict;
  /** The line the code shipped on, for ok and repeat. */
  name: string | null;
}

export interface ReceiptCheck {
  scans: ReceiptScan[];
  /** Codes of the shipment not scanned yet. */
  missing: ShippedCode[];
  matched: number;
  total: number;
}

/** The check after `scanned` (in scan order) against the shipment's codes. */
export function checkReceipt(shipped: readonly ShippedCode[], scanned: readonly string[]): ReceiptCheck {
  const byCode = new Map(shipped.map((s) => [s.code, s]));
  const seen = new Set<string>();
  const scans: ReceiptScan[] = scanned.map((raw) => {
    const code = normalizeTraceCode(raw);
    const line = byCode.get(code);
    if (seen.has(code)) return { code, verdict: 'repeat', name: line?.name ?? null };
    seen.add(code);
    if (traceCodeProblem(code)) return { code, verdict: 'invalid', name: null };
    if (!line) return { code, verdict: 'foreign', name: null };
    return { code, verdict: 'ok', name: line.name };
  });
  const missing = shipped.filter((s) => !seen.has(s.code));
  return { scans, missing, matched: shipped.length - missing.length, total: shipped.length };
}
