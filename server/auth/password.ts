// Password hashing (DESIGN.md "Sessions"): node:crypto scrypt with a per-user random salt, both
// stored as hex. Parameters are fixed here so every stored hash can be verified with the same ones;
// changing them needs a rehash-on-login plan.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const SCRYPT_OPTIONS: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH_BYTES = 64;
const SALT_LENGTH_BYTES = 16;

export interface PasswordHash {
  /** Derived key, hex. */
  hash: string;
  /** Salt, hex. */
  salt: string;
}

function derive(plain: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain, salt, KEY_LENGTH_BYTES, SCRYPT_OPTIONS, (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}

export async function hashPassword(plain: string): Promise<PasswordHash> {
  const salt = randomBytes(SALT_LENGTH_BYTES);
  const key = await derive(plain, salt);
  return { hash: key.toString('hex'), salt: salt.toString('hex') };
}

/** True when `plain` matches; compares in constant time so timing does not leak the key. */
export async function verifyPassword(plain: string, hash: string, salt: string): Promise<boolean> {
  const expected = Buffer.from(hash, 'hex');
  // A malformed stored hash (odd length, wrong size) never matches rather than throwing.
  if (expected.length !== KEY_LENGTH_BYTES || !/^[0-9a-f]*$/i.test(salt) || salt.length === 0) return false;
  const actual = await derive(plain, Buffer.from(salt, 'hex'));
  return timingSafeEqual(actual, expected);
}
