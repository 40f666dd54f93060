// TOTP second factor (RFC 6238, 6 digits, 30 s) with otpauth. A code is accepted one step either
// side of the server clock, and a step once only (staff.totp_last_step), so a code seen over a
// shoulder cannot be replayed within its minute.
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = '康源医药网运营后台';

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secretBase32: string, username: string): string {
  return totpFor(secretBase32, username).toString();
}

/** The time step `code` matches (never at or before `lastStep`), or null. */
export function acceptedStep(secretBase32: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secretBase32, '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
