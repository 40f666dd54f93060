// Words for after-sales: kinds and reasons come from the rules shared with the server
// (src/domain/orders-after-sale.ts); the progress steps are how the page explains a status.
import {
  AFTER_SALE_KIND_TEXT,
  AFTER_SALE_KINDS,
  AFTER_SALE_REASONS,
  type AfterSaleReason,
} from '../../domain/orders-after-sale';
import { AFTER_SALE_STATUS_TEXT, type AfterSale, type AfterSaleKind, type AfterSaleStatus } from '../../domain/orders';

export { AFTER_SALE_KIND_TEXT, AFTER_SALE_KINDS, AFTER_SALE_REASONS };

/** The reason that needs a written description (the server refuses it without one). */
export const OTHER_REASON: AfterSaleReason = '其他';

export interface AfterSaleStep {
  status: AfterSaleStatus;
  text: string;
  state: 'done' | 'current' | 'todo' | 'failed';
}

/** The path an application of this kind walks; rejected/closed end it early. */
function pathFor(kind: AfterSaleKind): AfterSaleStatus[] {
  switch (kind) {
    case 'return':
      return ['submitted', 'approved', 'returning', 'refunded'];
    case 'refund':
      return ['submitted', 'approved', 'refunded'];
    case 'exchange':
    case 'reissue':
      return ['submitted', 'approved', 'closed'];
  }
}

const FINISHED_TEXT: Partial<Record<AfterSaleKind, string>> = { exchange: '已完成', reissue: '已完成' };

export function afterSaleSteps(a: Pick<AfterSale, 'kind' | 'status'>): AfterSaleStep[] {
  const path = pathFor(a.kind);
  const text = (s: AfterSaleStatus) =>
    (s === 'closed' ? FINISHED_TEXT[a.kind] : undefined) ?? AFTER_SALE_STATUS_TEXT[s];
  const at = path.indexOf(a.status);
  if (at === -1) {
    // Rejected, or closed on a refund kind: the buyer sees where it stopped.
    return [
      { status: 'submitted', text: AFTER_SALE_STATUS_TEXT.submitted, state: 'done' },
      { status: a.status, text: AFTER_SALE_STATUS_TEXT[a.status], state: 'failed' },
    ];
  }
  const last = at === path.length - 1;
  return path.map((s, i) => ({
    status: s,
    text: text(s),
    state: i < at || (i === at && last) ? 'done' : i === at ? 'current' : 'todo',
  }));
}

export function afterSaleStatusText(a: Pick<AfterSale, 'kind' | 'status'>): string {
  return (a.status === 'closed' ? FINISHED_TEXT[a.kind] : undefined) ?? AFTER_SALE_STATUS_TEXT[a.status];
}
