// Registration (SPEC §2 /register steps, /register/dd, /register/wechat; docs/api.md
// "Registration"): the account, the company and its documents (multipart), the review status, a
// head office's stores, and the WeChat QR ticket registration can start from.
import { queryOptions } from '@tanstack/react-query';
import type { ReviewStatus } from '../domain/user';
import { http } from '../http/client';

export const registerKeys = {
  all: ['register'] as const,
  status: (storeId: number | null) => [...registerKeys.all, 'status', storeId ?? 0] as const,
  wechat: (ticket: string) => [...registerKeys.all, 'wechat', ticket] as const,
};

export interface AccountInput {
  username: string;
  password: string;
  password_confirmation: string;
  phone: string;
  code: string;
  agree: '1';
  wechat_ticket?: string;
}

export interface StoreAccountInput {
  store_name: string;
  username: string;
  password: string;
  password_confirmation: string;
  phone: string;
}

export interface ReviewAnswer {
  review_status: ReviewStatus;
  msg: string;
  review_note: string;
  company: string;
}

export interface WechatTicket {
  ticket: string;
  /** The stand-in's confirmation page (a QR to draw), or WeChat's authorisation page (`redirect`). */
  url: string;
  expires_in: number;
  /** Real WeChat sign-in: send the browser to `url`; WeChat brings it back with `?ticket=`. */
  redirect: boolean;
}

export type TicketStatus = 'waiting' | 'scanned' | 'done' | 'expired';
export interface TicketState {
  status: TicketStatus;
  nickname: string;
}

export const postRegisterAccount = (input: AccountInput) =>
  http.post<{ username: string }>('register/step1', { ...input });
/** Step 2: company fields and `files[<kind>]` in one multipart body. */
export const postRegisterCompany = (form: FormData) =>
  http.post<{ review_status: ReviewStatus }>('register/step2', form);
export const getRegisterStatus = (storeId: number | null) =>
  http.get<ReviewAnswer>('register/status', storeId === null ? undefined : { store_id: String(storeId) });
export const postStoreAccount = (input: StoreAccountInput) =>
  http.post<{ store_id: number; username: string }>('register/dd/step1', { ...input });
export const postStoreCompany = (form: FormData) => http.post<{ store_id: number }>('register/dd/step2', form);
export const postWechatRegisterTicket = () => http.post<WechatTicket>('register/wechat');
export const getWechatRegisterTicket = (ticket: string) => http.get<TicketState>('register/wechat', { ticket });

export const registerStatusQuery = (storeId: number | null) =>
  queryOptions({ queryKey: registerKeys.status(storeId), queryFn: () => getRegisterStatus(storeId) });

/** How often a page showing a QR asks whether it was scanned. */
export const TICKET_POLL_MS = 2000;
