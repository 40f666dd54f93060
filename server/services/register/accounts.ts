// New accounts: a buyer's own (registration step 1, with a phone code) and a store account a
// head office adds (多门店 step 1). Each is a company and its first user, created together.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { companies, users } from '../../db/schema.ts';
import { validationError } from '../../http/envelope.ts';
import { hashPassword } from '../../auth/password.ts';
import { consumePhoneCode } from '../phone-codes.ts';
import { spendRegisterTicket } from '../wechat/tickets.ts';

const USERNAME_TAKEN = '该用户名已被注册';

async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

/** Two sign-ups racing for one name: the unique index decides, the loser gets the form's answer. */
async function refusingTakenName<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ username: [USERNAME_TAKEN] });
    throw err;
  }
}

/** The user a new company signs in as. */
function firstUser(
  companyId: number,
  input: { username: string; phone: string },
  pw: { hash: string; salt: string },
  now: Date,
) {
  return {
    companyId,
    username: input.username,
    passwordHash: pw.hash,
    passwordSalt: pw.salt,
    phone: input.phone,
    createdAt: now,
    updatedAt: now,
  };
}

export interface BuyerAccountInput {
  username: string;
  password: string;
  phone: string;
  code: string;
}

/**
 * Step 1: spends the phone code, then creates a draft company and its user (bound to the WeChat of
 * `wechatTicket` when registration started from a scan). Returns the user id.
 */
export async function registerBuyer(
  db: Db,
  input: BuyerAccountInput,
  now: Date,
  wechatTicket?: string,
): Promise<number> {
  if (await usernameTaken(db, input.username)) throw validationError({ username: [USERNAME_TAKEN] });
  const samePhone = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (samePhone.length > 0) throw validationError({ phone: ['该手机号已注册，请直接登录'] });
  await consumePhoneCode(db, input.phone, 'register', input.code, now);

  const pw = await hashPassword(input.password);
  return refusingTakenName(() =>
    withTx(db, async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: '', reviewStatus: 'draft', contactPhone: input.phone, createdAt: now, updatedAt: now })
        .returning({ id: companies.id });
      // Spent in the same transaction: a failed sign-up leaves the WeChat scan usable.
      const wechat = wechatTicket ? await spendRegisterTicket(tx, wechatTicket, now) : null;
      const [user] = await tx
        .insert(users)
        .values({
          ...firstUser(company.id, input, pw, now),
          ...(wechat ? { wechatOpenid: wechat.openid, wechatNickname: wechat.nickname } : {}),
        })
        .returning({ id: users.id });
      return user.id;
    }),
  );
}

export interface StoreAccountInput {
  store_name: string;
  username: string;
  password: string;
  phone: string;
}

type Company = typeof companies.$inferSelect;

/** 多门店 step 1: a store of `head` (same rank and staff) and its user. Returns the store's id. */
export async function createStoreAccount(db: Db, head: Company, input: StoreAccountInput, now: Date): Promise<number> {
  if (await usernameTaken(db, input.username)) throw validationError({ username: [USERNAME_TAKEN] });
  const pw = await hashPassword(input.password);
  return refusingTakenName(() =>
    withTx(db, async (tx) => {
      const [store] = await tx
        .insert(companies)
        .values({
          name: input.store_name,
          parentId: head.id,
          kind: 'pharmacy',
          rank: head.rank,
          reviewStatus: 'draft',
          accountManagerId: head.accountManagerId,
          salespersonId: head.salespersonId,
          contactPhone: input.phone,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: companies.id });
      await tx.insert(users).values(firstUser(store.id, input, pw, now));
      return store.id;
    }),
  );
}
