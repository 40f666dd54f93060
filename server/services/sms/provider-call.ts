// One HTTP call to an SMS provider, bounded in time: a provider that hangs must not hold the
// buyer's request (or a worker) for long, and a timeout, a refused connection or an answer that is
// not JSON is a failed send like any other.
import { SmsFailure } from '../../sms-sender.ts';

/** How long a provider may take to answer (SMS_TIMEOUT_MS). */
export const DEFAULT_SMS_TIMEOUT_MS = 5_000;

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body; a body that does not parse is a failure thrown here. */
  json: unknown;
}

export async function callProvider(url: string, init: RequestInit, timeoutMs: number): Promise<ProviderAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new SmsFailure(
      'failed',
      timedOut
        ? `no answer within ${timeoutMs} ms`
        : `request failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  try {
    return { status: res.status, json: JSON.parse(text) as unknown };
  } catch {
    throw new SmsFailure('failed', `HTTP ${res.status}, not JSON: ${text.slice(0, 120)}`);
  }
}

/** A string field of a JSON object, '' otherwise (provider answers are read defensively). */
export function field(value: unknown, name: string): string {
  if (typeof value !== 'object' || value === null) return '';
  const v = (value as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : '';
}

/** A nested object field, undefined otherwise. */
export function child(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as Record<string, unknown>)[name];
}
