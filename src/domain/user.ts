// The signed-in user state of SPEC §3, as returned by GET /api/user/base.

export interface AccountManager {
  name: string;
  phone: string;
  is_default: 0 | 1;
}

export interface CommonConfig {
  hot_line: string;
  qq1: string;
  qq2: string;
}

export interface QualityInspection {
  quality_inspection_url: string;
  msg: string;
}

export interface UserBase {
  show: boolean;
  username: string;
  name: string;
  phone: string;
  company: string;
  face: string;
  rank: number;
  admin: AccountManager | null;
  address: string;
  is_passed: 0 | 1;
  points: number;
  cart: number;
  message_count: number;
  wechat: string;
  common_config: CommonConfig;
  quality_inspection: QualityInspection;
  login_url: string;
  is_show_youx: 0 | 1;
  is_special: 0 | 1;
  is_can_chat: 0 | 1;
  token: string;
  is_AfterSale: 0 | 1;
  /** Salesperson (业务员). */
  ywy: { name: string; phone: string } | null;
  /** Customer (company) id and review status. */
  customer: { id: number; review_status: ReviewStatus; contract_signed: 0 | 1; is_head_office: 0 | 1 };
  /**
   * Set while a head office acts as one of its stores (/ddgl): `customer` and everything else above
   * are then the store's, so the local store (keyed by username + customer.id) keeps its own draft.
   * Absent otherwise.
   */
  acting_as?: ActingAs;
}

/** GET /api/user/base `acting_as`: the store a head office is acting as (多门店). */
export interface ActingAs {
  company_id: number;
  company: string;
  head_office: string;
}

export type ReviewStatus = 'draft' | 'pending' | 'approved' | 'rejected';
