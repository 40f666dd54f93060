// Multi-store management (多门店, /ddgl): what GET /api/user/stores/manage answers a head office.
import type { ReviewStatus } from './user';

export interface StoreSummary {
  company_id: number;
  company: string;
  user_id: number;
  username: string;
  review_status: ReviewStatus;
  review_note: string;
  contact: string;
  phone: string;
  address: string;
  /** 0 | 1: the store has signed the current e-contract. */
  contract_signed: 0 | 1;
  order_count: number;
  cart_count: number;
}

export interface StoresOverview {
  head_office: { company_id: number; company: string };
  /** The store this session acts as; null while acting as the head office itself. */
  acting_company_id: number | null;
  stores: StoreSummary[];
}
