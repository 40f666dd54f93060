// Account identity (SPEC §7 user calls; docs/api.md "Auth and user"): SMS codes, password recovery,
// name/phone, password change, login history, and WeChat binding (QR ticket, unbind, and the
// confirmation page that stands in for the WeChat scan).
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http/client';
import type { TicketState, WechatTicket } from './register';

export const accountKeys = {
  all: ['account'] as const,
  loginLog: () => [...accountKeys.all, 'login-log'] as const,
  bindTicket: (ticket: string) => [...accountKeys.all, 'bind-ticket', ticket] as const,
  confirmTicket: (ticket: string) => [...accountKeys.all, 'confirm-ticket', ticket] as const,
};

/** change_password (to the account's phone) and change_phone (to the new phone) need a session. */
export type CodePurpose = 'register' | 'reset_password' | 'change_password' | 'change_phone';
export interface CodeRequest {
  purpose: CodePurpose;
  phone?: string;
  username?: string;
}
export interface CodeSent {
  phone: string;
  expires_in: number;
  resend_in: number;
}

export interface LoginEntry {
  time: string;
  ip: string;
  user_agent: string;
  method: 'password' | 'register';
}

export interface ConfirmTicketInfo {
  purpose: 'bind' | 'register';
  account: string;
  expires_in: number;
}

export const postCreateCode = (input: CodeRequest) => http.post<CodeSent>('user/create_code', { ...input });
export const postForgetVerify = (input: { username?: string; phone?: string; code: string }) =>
  http.post<{ token: string; username: string; expires_in: number }>('user/forget/verify', { ...input });
export const postForgetReset = (input: { token: string; password: string; password_confirmation: string }) =>
  http.post<{ username: string }>('user/forget/reset', { ...input });
/** A new phone also needs `old_password` and `code` (create_code purpose change_phone). */
export const postUpdateUserInfo = (input: { name: string; phone: string; old_password?: string; code?: string }) =>
  http.post<{ name: string; phone: string }>('user/updateUserInfo', { ...input });
export const getPhoneExists = (phone: string) =>
  http.get<{ exists: boolean }>(`user/phone/${encodeURIComponent(phone)}`);
/** Proven by `old_password` or by `code` (create_code purpose change_password). */
export const postChangePassword = (input: {
  old_password?: string;
  code?: string;
  password: string;
  password_confirmation: string;
}) => http.post<null>('user/resetPassword', { ...input });
export const getLoginLog = () => http.get<LoginEntry[]>('user/login_log');
export const postBindTicket = () => http.post<WechatTicket>('user/wechat_ticket');
export const getBindTicket = (ticket: string) => http.get<TicketState>('user/wechat_ticket', { ticket });
export const deleteWechatBinding = () => http.delete<null>('user/unbind_wechat');
export const getConfirmTicket = (ticket: string) => http.get<ConfirmTicketInfo>('wechat/ticket', { ticket });
export const postConfirmTicket = (input: { ticket: string; nickname: string }) =>
  http.post<{ purpose: 'bind' | 'register' }>('wechat/confirm', { ...input });

export const loginLogQuery = () => queryOptions({ queryKey: accountKeys.loginLog(), queryFn: getLoginLog });
