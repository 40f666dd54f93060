// server/auth/password.ts (issue 29 §3): the cost stored with the key, old hashes still verify,
// compatibility-normalised input, refused stored costs, and at most two hashes at once.
import { randomBytes, scrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';

// scrypt at the real cost is a quarter second a hash on a quiet core: a ceiling, not a timing.
const HASHING_MS = 60_000;
import { hashPassword, needsRehash, verifyPassword } from '../../server/auth/password.ts';
import { hashSlotStats, resetHashSlotPeak } from '../../server/auth/hash-slots.ts';
import { atTheShopsPasswordCost } from '../helpers/password-cost.ts';

function derive(plain: string, salt: Buffer, N: number, r: number, p: number): Promise<string> {
  return new Promise((resolve, reject) =>
    scrypt(plain, salt, 64, { N, r, p, maxmem: 64 * 1024 * 1024 }, (e, k) =>
      e ? reject(e) : resolve(k.toString('hex')),
    ),
  );
}

describe('password hashes', () => {
  atTheShopsPasswordCost();

  it(
    'writes N=2^14, r=8, p=5 beside the key; a bare hex key (N=2^14, r=8, p=1) still verifies and asks for a re-hash',
    { timeout: HASHING_MS },
    async () => {
      const fresh = await hashPassword('demo1234');
      expect(fresh.hash).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[0-9a-f]{128}$/);
      expect(await derive('demo1234', Buffer.from(fresh.salt, 'hex'), 16_384, 8, 5)).toBe(fresh.hash.split('$').at(-1));
      expect(needsRehash(fresh.hash)).toBe(false);

      const salt = randomBytes(16);
      const legacy = await derive('demo1234', salt, 16_384, 8, 1);
      expect(await verifyPassword('demo1234', legacy, salt.toString('hex'))).toBe(true);
      expect(await verifyPassword('demo12345', legacy, salt.toString('hex'))).toBe(false);
      expect(needsRehash(legacy)).toBe(true);
      // Another stored cost verifies with that cost, and is re-hashed to today's.
      const cheaper = `$scrypt$ln=10,r=8,p=1$${await derive('demo1234', salt, 1024, 8, 1)}`;
      expect(await verifyPassword('demo1234', cheaper, salt.toString('hex'))).toBe(true);
      expect(needsRehash(cheaper)).toBe(true);
    },
  );

  it('refuses stored costs out of bounds and malformed rows without running them', async () => {
    const salt = randomBytes(16).toString('hex');
    const key = 'ab'.repeat(64);
    for (const stored of [
      `$scrypt$ln=30,r=8,p=1$${key}`,
      `$scrypt$ln=14,r=8,p=99$${key}`,
      `$scrypt$ln=14,r=8$${key}`,
      'abc',
      '',
    ]) {
      expect(await verifyPassword('demo1234', stored, salt)).toBe(false);
      expect(needsRehash(stored)).toBe(false);
    }
  });

  it('treats full-width and composed forms as the password typed (NFKC)', { timeout: HASHING_MS }, async () => {
    const { hash, salt } = await hashPassword('Café１２３');
    expect(await verifyPassword('Café123', hash, salt)).toBe(true);
    expect(await verifyPassword('Cafe\u0301123', hash, salt)).toBe(true);
    expect(await verifyPassword('Cafe123', hash, salt)).toBe(false);
  });

  it('runs at most two hashes at once, however many are asked for together', { timeout: HASHING_MS }, async () => {
    resetHashSlotPeak();
    const all = Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`burst${i}pass`)));
    expect(hashSlotStats().waiting).toBe(4);
    await all;
    expect(hashSlotStats()).toEqual({ inFlight: 0, peak: 2, waiting: 0 });
  });
});
