// Password hashing for buyers and operators alike (docs/decisions/password-hashing.md): node:crypto
// scrypt with a per-password random salt (hex, its own column) and the cost stored with the key,
// `$scrypt$ln=14,r=8,p=5$<hex key>`, so raising the cost never breaks a stored hash: sign-in
// verifies with the stored cost and re-hashes at the current one (`needsRehash`). A bare hex key
// is a hash from before the cost was stored: N=2^14, r=8, p=1.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { withHashSlot } from './hash-slots.ts';

export interface ScryptCost {
  /** log2 of N, the CPU/memory cost. */
  logN: number;
  /** Block size. */
  r: number;
  /** Parallelism; Node runs the p lanes one after another in the same memory. */
  p: number;
}

/**
 * OWASP Password Storage Cheat Sheet's scrypt minimum in its 16 MiB form (N=2^14, r=8, p=5): the
 * same strength as N=2^17, r=8, p=1 at an eighth of the memory a hash holds while it runs.
 */
export const PASSWORD_COST: ScryptCost = { logN: 14, r: 8, p: 5 };
/**
 * The cost new hashes get and stored ones are compared with: PASSWORD_COST, unless the in-process
 * test suite set a cheaper one (tests/setup/password-cost.ts; docs/decisions/password-hashing.md
 * "A cheaper cost in the tests"). Nothing in the server or its CLIs changes it.
 */
let currentCost: ScryptCost = PASSWORD_COST;

/** For the in-process tests only: hashes then derive at `cost` (still scrypt, the same code). */
export function setPasswordCostForTests(cost: ScryptCost): void {
  currentCost = cost;
}

/** The cost new hashes get now. */
export function currentPasswordCost(): ScryptCost {
  return currentCost;
}

/** The cost of a stored hash without its cost (written before the cost was stored). */
export const LEGACY_COST: ScryptCost = { logN: 14, r: 8, p: 1 };

const KEY_LENGTH_BYTES = 64;
const SALT_LENGTH_BYTES = 16;
const STORED_RE = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([0-9a-f]{128})$/;
const LEGACY_RE = /^[0-9a-f]{128}$/i;
/** A stored cost outside these bounds is refused rather than run (a tampered row is no DoS). */
const MAX_LOG_N = 20;
const MAX_R = 32;
const MAX_P = 16;

export interface PasswordHash {
  /** `$scrypt$ln=…,r=…,p=…$` and the derived key in hex. */
  hash: string;
  /** Salt, hex. */
  salt: string;
}

interface StoredHash {
  cost: ScryptCost;
  key: Buffer;
  legacy: boolean;
}

function parse(stored: string): StoredHash | null {
  if (LEGACY_RE.test(stored)) return { cost: LEGACY_COST, key: Buffer.from(stored, 'hex'), legacy: true };
  const m = STORED_RE.exec(stored);
  if (!m) return null;
  const cost = { logN: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (cost.logN < 1 || cost.logN > MAX_LOG_N || cost.r < 1 || cost.r > MAX_R || cost.p < 1 || cost.p > MAX_P)
    return null;
  return { cost, key: Buffer.from(m[4], 'hex'), legacy: false };
}

const format = (cost: ScryptCost, key: Buffer) =>
  `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${key.toString('hex')}`;

/**
 * Compatibility normalisation (NFKC): the same password typed on another keyboard or input method
 * (full-width digits, composed accents) is the same password. Hashes from before it verify the
 * password as typed, as they were written.
 */
const normalise = (plain: string) => plain.normalize('NFKC');

function derive(plain: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  // scrypt refuses to run above maxmem; the block is 128·N·r bytes, twice that leaves room.
  const maxmem = 2 * 128 * N * cost.r;
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(plain, salt, KEY_LENGTH_BYTES, { N, r: cost.r, p: cost.p, maxmem }, (err, key) => {
          if (err) reject(err);
          else resolve(key);
        });
      }),
  );
}

export async function hashPassword(plain: string): Promise<PasswordHash> {
  const salt = randomBytes(SALT_LENGTH_BYTES);
  const key = await derive(normalise(plain), salt, currentCost);
  return { hash: format(currentCost, key), salt: salt.toString('hex') };
}

/** True when `plain` matches; compares in constant time so timing does not leak the key. */
export async function verifyPassword(plain: string, hash: string, salt: string): Promise<boolean> {
  const stored = parse(hash);
  // A malformed stored hash or salt never matches rather than throwing.
  if (!stored || stored.key.length !== KEY_LENGTH_BYTES || !/^[0-9a-f]+$/i.test(salt)) return false;
  const actual = await derive(stored.legacy ? plain : normalise(plain), Buffer.from(salt, 'hex'), stored.cost);
  return timingSafeEqual(actual, stored.key);
}

/** True when a stored hash was written at another cost than today's (or before costs were stored). */
export function needsRehash(hash: string): boolean {
  const stored = parse(hash);
  if (!stored) return false;
  return (
    stored.legacy ||
    stored.cost.logN !== currentCost.logN ||
    stored.cost.r !== currentCost.r ||
    stored.cost.p !== currentCost.p
  );
}
