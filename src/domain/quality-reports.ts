// Quality inspection reports (药检报告, GET /api/jybg/filter): a goods' batches with the report files
// attached to each. Found by goods name, 批准文号 or batch number.

export const REPORT_KEYWORDS_MAX = 50;
export const REPORT_PAGE_SIZE = 10;

export interface InspectionReportFile {
  id: number;
  title: string;
  report_no: string;
  issuer: string;
  issued_on: string | null;
  file_name: string;
  mime: string;
  size: number;
  /** Authorised download: GET /api/jybg/report/{id}. */
  file_url: string;
}

export interface InspectionBatch {
  batch_id: number;
  goods_id: number;
  goods_name: string;
  sccj: string;
  ypgg: string;
  approval_no: string;
  batch_no: string;
  produced_on: string | null;
  expires_on: string | null;
  reports: InspectionReportFile[];
}

export interface InspectionSearchResult {
  list: InspectionBatch[];
  total: number;
  page: number;
  page_size: number;
}
