// The request signature of the integration API (docs/integration-api.md "Signing"): HMAC-SHA256,
// keyed by the client's secret, over five lines joined by "\n":
//   METHOD            upper case, e.g. POST
//   PATH?QUERY        the request target exactly as sent, e.g. /api/integration/v1/stock?x=1
//   TIMESTAMP         X-Timestamp, Unix seconds
//   NONCE             X-Nonce
//   BODY-SHA256       lower-case hex SHA-256 of the body bytes (of nothing for a GET)
// and sent as lower-case hex in X-Signature.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedParts {
  method: string;
  target: string;
  timestamp: string;
  nonce: string;
  body: Uint8Array;
}

export const bodyDigest = (body: Uint8Array): string => createHash('sha256').update(body).digest('hex');

export function stringToSign(p: SignedParts): string {
  return [p.method.toUpperCase(), p.target, p.timestamp, p.nonce, bodyDigest(p.body)].join('\n');
}

export function signature(secret: string, p: SignedParts): string {
  return createHmac('sha256', secret).update(stringToSign(p)).digest('hex');
}

/** Constant-time comparison of a sent signature with the one `secret` makes. */
export function signatureMatches(secret: string, p: SignedParts, sent: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(sent)) return false;
  return timingSafeEqual(Buffer.from(signature(secret, p), 'hex'), Buffer.from(sent, 'hex'));
}
