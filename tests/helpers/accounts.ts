// Account fixtures for API tests that must not depend on the demo seed:
//   const { userId, companyId } = await createMember(t.db, { username: 'buyer1' });
//   const store = await createMember(t.db, { username: 'store1', company: { parentId: companyId } });
import type { Db } from '../../server/db/client.ts';
import { companies, users } from '../../server/db/schema.ts';
import { hashPassword, type PasswordHash } from '../../server/auth/password.ts';

export const TEST_PASSWORD = 'demo1234';

// scrypt is deliberately slow; one hash per distinct password per test file is plenty.
const hashes = new Map<string, Promise<PasswordHash>>();
function hashed(password: string): Promise<PasswordHash> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

let phoneSeq = 0;

export interface MemberOptions {
  username: string;
  /** Default TEST_PASSWORD. */
  password?: string;
  /** Default a unique 139… number. */
  phone?: string;
  name?: string;
  /**
   * Columns of the member's company (default: an approved pharmacy named after the user);
   * `null` for an account that has not reached the company step.
   */
  company?: Partial<typeof companies.$inferInsert> | null;
}

export async function createMember(db: Db, opts: MemberOptions): Promise<{ userId: number; companyId: number | null }> {
  const { hash, salt } = await hashed(opts.password ?? TEST_PASSWORD);
  let companyId: number | null = null;
  if (opts.company !== null) {
    const [company] = await db
      .insert(companies)
      .values({ name: `${opts.username}大药房`, reviewStatus: 'approved', ...opts.company })
      .returning({ id: companies.id });
    companyId = company.id;
  }
  phoneSeq += 1;
  const [user] = await db
    .insert(users)
    .values({
      companyId,
      username: opts.username,
      passwordHash: hash,
      passwordSalt: salt,
      name: opts.name ?? '',
      phone: opts.phone ?? `139${String(10_000_000 + phoneSeq * 7919).slice(-8)}`,
    })
    .returning({ id: users.id });
  return { userId: user.id, companyId };
}
