// The papers a clinic must show an inspector, kept on the device (issue 35 §2 "Papers offline",
// docs/decisions/papers-offline.md): GET /api/user/papers lists them; the device fetches each
// address once so the service worker's papers cache holds it, and the pages that show them
// online (/dzht, /jybg, an order's 随货同行单, 网站资质) open them with no connection.
import type { InspectionBatch } from './quality-reports.ts';

/** How far back received batches and delivery notes are kept. */
export const PAPERS_KEPT_MONTHS = 12;

export const PAPERS_PATH = '/api/user/papers';
/** The distributor's licences: the 网站资质 help article, kept with the help centre (help-v1). */
export const LICENCES_PAGE = '/help/fwbz/wzzz';

export const deliveryNotePath = (orderId: number): string => `/api/order/${orderId}/delivery-note`;

export interface KeptDeliveryNote {
  order_id: number;
  order_no: string;
  /** When it shipped (ISO time). */
  shipped_at: string;
  /** GET: the 随货同行单 PDF. */
  href: string;
}

export interface PapersManifest {
  /** The e-contract as /dzht reads it, and its signed PDF (null before any signature). */
  contract: { view: string; pdf: string | null };
  /**
   * Batches delivered to the company in the last PAPERS_KEPT_MONTHS months that have reports, as
   * /jybg lists them (each report's `file_url` is the address to keep). Empty without the
   * quality-inspection service.
   */
  batches: InspectionBatch[];
  /** 随货同行单 of the orders shipped in the last PAPERS_KEPT_MONTHS months, newest first. */
  delivery_notes: KeptDeliveryNote[];
  /** Every GET address above, in the order to fetch them. */
  keep: string[];
}
