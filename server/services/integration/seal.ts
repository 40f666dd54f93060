// Integration secrets at rest (docs/decisions/integration-api.md "Secrets"): the server must hold
// the secret itself to check an HMAC (a one-way hash cannot), so it is sealed with AES-256-GCM
// under INTEGRATION_SECRET_KEY, which lives outside the database: a dump or a backup alone does not
// let anyone sign as the ERP.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Every process must share the key (WORKERS), so the demo's default is fixed. Production refuses
// to create or rotate a client without INTEGRATION_SECRET_KEY (sealingKey() answers null).
const DEMO_KEY_TEXT = 'kangyuan-demo-integration-secret-key-not-for-production';

export const SEALING_KEY_MISSING_MSG = '未配置 INTEGRATION_SECRET_KEY，无法创建或轮换对接凭证';

/** 32 bytes from INTEGRATION_SECRET_KEY (64 hex digits, or any text of 32+ characters, hashed). */
export function sealingKey(env: NodeJS.ProcessEnv = process.env): Buffer | null {
  const text = env.INTEGRATION_SECRET_KEY ?? '';
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (text.length >= 32) return createHash('sha256').update(text).digest();
  if (env.NODE_ENV === 'production') return null;
  return createHash('sha256').update(DEMO_KEY_TEXT).digest();
}

const b64 = (b: Buffer) => b.toString('base64url');

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
}

/** The secret, or null when `sealed` was not sealed under `key` (another key, or altered). */
export function unseal(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.');
  if (!iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
