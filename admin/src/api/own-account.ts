// The signed-in operator's own account: password change and TOTP enrolment.
import { adminPost } from './client.ts';

export const changeOwnPassword = (current_password: string, new_password: string) =>
  adminPost<{ sessions_ended: number }>('/me/password', { current_password, new_password });

export interface TotpEnrolment {
  secret: string;
  otpauth_uri: string;
  qr_data_url: string;
}

export const startTotpEnrolment = () => adminPost<TotpEnrolment>('/me/totp/start');
export const confirmTotpEnrolment = (code: string) => adminPost<{ totp_enabled: true }>('/me/totp/confirm', { code });
