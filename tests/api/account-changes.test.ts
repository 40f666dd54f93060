// Issue 29 §3: a stolen session must not become a permanent takeover. Changing the password needs
// the current one (or a code to the account's phone), changing the phone needs a code sent to the
// new phone and the current password; both end every other session, keep this one and write to
// 我的消息; wrong current passwords count against the login limit. Passwords: longer than 20
// characters with any printable characters, hashed at OWASP's scrypt minimum, and a hash at the
// old cost is re-hashed at the next sign-in (buyers and operators).
import { randomBytes, scrypt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { messages, staff, users } from '../../server/db/schema.ts';
import { verifyPassword } from '../../server/auth/password.ts';
import { atTheShopsPasswordCost } from '../helpers/password-cost.ts';

let t: TestApp;

const FIFTEEN_MIN_MS = 15 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Every test starts outside the previous tests' 15-minute failure windows (one client address).
beforeEach(() => t.clock.advance(FIFTEEN_MIN_MS + 1000));

const base = (cookie: string) => t.call('GET', '/api/user/base', { cookie });
const lastCode = async (phone: string, purpose: string) => {
  const outbox = (await t.call('GET', '/api/dev/outbox')).body.data as {
    phone: string;
    purpose: string;
    code: string;
  }[];
  const found = outbox.find((c) => c.phone === phone && c.purpose === purpose);
  if (!found) throw new Error(`no ${purpose} code for ${phone}`);
  return found.code;
};
const messagesOf = (companyId: number) =>
  t.db
    .select({ title: messages.title, body: messages.body })
    .from(messages)
    .where(eq(messages.companyId, companyId))
    .orderBy(desc(messages.id));
const userRow = async (username: string) => (await t.db.select().from(users).where(eq(users.username, username)))[0];

/** A key scrypt derived at the cost hashes had before the cost was stored: N=2^14, r=8, p=1, hex. */
function legacyHash(plain: string): Promise<{ hash: string; salt: string }> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(plain, salt, 64, { N: 16_384, r: 8, p: 1 }, (err, key) =>
      err ? reject(err) : resolve({ hash: key.toString('hex'), salt: salt.toString('hex') }),
    ),
  );
}

describe('POST /api/user/resetPassword needs proof, not only a session', () => {
  it('refuses a new password with neither the current password nor a code', async () => {
    await createMember(t.db, { username: 'thief1' });
    const stolen = await t.signIn('thief1', TEST_PASSWORD);
    const res = await t.call('POST', '/api/user/resetPassword', {
      cookie: stolen,
      body: { password: 'taken1234', password_confirmation: 'taken1234' },
    });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.old_password).toEqual(['请输入原密码']);
    // Empty fields, as a form sends them, are "not given" too.
    const blank = await t.call('POST', '/api/user/resetPassword', {
      cookie: stolen,
      body: { old_password: '', code: '', password: 'taken1234' },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.data.errors.old_password).toEqual(['请输入原密码']);
    await expect(t.signIn('thief1', TEST_PASSWORD)).resolves.toMatch(/^sid=/);
  });

  it('refuses a wrong current password and counts it against the login limit (5 per account)', async () => {
    await createMember(t.db, { username: 'guessed' });
    const stolen = await t.signIn('guessed', TEST_PASSWORD);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call('POST', '/api/user/resetPassword', {
        cookie: stolen,
        body: { old_password: `guess${i}123`, password: 'taken1234' },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.data.errors.old_password).toEqual(['原密码不正确']);
    }
    // The account is locked now: the right current password waits, and so does the login.
    const locked = await t.call('POST', '/api/user/resetPassword', {
      cookie: stolen,
      body: { old_password: TEST_PASSWORD, password: 'taken1234' },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('登录失败次数过多，请15分钟后再试');
    const login = await t.call('POST', '/api/user/login', { body: { username: 'guessed', password: TEST_PASSWORD } });
    expect(login.status).toBe(429);
  });

  it('with the current password: the password changes, other sessions end, this one stays, 我的消息 says so', async () => {
    const { companyId } = await createMember(t.db, { username: 'owner1' });
    const here = await t.signIn('owner1', TEST_PASSWORD);
    const phone = await t.signIn('owner1', TEST_PASSWORD);
    const res = await t.call('POST', '/api/user/resetPassword', {
      cookie: here,
      body: { old_password: TEST_PASSWORD, password: 'fresh1234', password_confirmation: 'fresh1234' },
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('密码修改成功');
    expect((await base(here)).status).toBe(200);
    expect((await base(phone)).status).toBe(401);
    const [message] = await messagesOf(companyId!);
    expect(message.title).toBe('登录密码已修改');
    expect(message.body).toContain('owner1');
    expect(message.body).toContain('其他设备上的登录已退出');
    expect(
      (await t.call('POST', '/api/user/login', { body: { username: 'owner1', password: TEST_PASSWORD } })).status,
    ).toBe(400);
    await expect(t.signIn('owner1', 'fresh1234')).resolves.toMatch(/^sid=/);
  });

  it('with a code sent to the account’s own phone instead (forgotten password)', async () => {
    const { companyId } = await createMember(t.db, { username: 'forgetful', phone: '13912340001' });
    const here = await t.signIn('forgetful', TEST_PASSWORD);
    const other = await t.signIn('forgetful', TEST_PASSWORD);
    // Signed out, nobody may ask for such a code.
    expect((await t.call('POST', '/api/user/create_code', { body: { purpose: 'change_password' } })).status).toBe(401);
    const sent = await t.call('POST', '/api/user/create_code', {
      cookie: here,
      body: { purpose: 'change_password', phone: '13700000000' },
    });
    expect(sent.status, sent.body.msg).toBe(200);
    // The code goes to the account's phone, whatever phone the request names.
    expect(sent.body.data.phone).toBe('139****0001');
    const code = await lastCode('13912340001', 'change_password');
    const wrong = await t.call('POST', '/api/user/resetPassword', {
      cookie: here,
      body: { code: code === '000000' ? '111111' : '000000', password: 'bycode123' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data.errors.code).toEqual(['验证码错误或已过期']);
    const res = await t.call('POST', '/api/user/resetPassword', {
      cookie: here,
      body: { code, password: 'bycode123', password_confirmation: 'bycode123' },
    });
    expect(res.status, res.body.msg).toBe(200);
    expect((await base(here)).status).toBe(200);
    expect((await base(other)).status).toBe(401);
    expect((await messagesOf(companyId!))[0].title).toBe('登录密码已修改');
    // A code works once.
    const again = await t.call('POST', '/api/user/resetPassword', {
      cookie: here,
      body: { code, password: 'bycode456' },
    });
    expect(again.status).toBe(422);
    await expect(t.signIn('forgetful', 'bycode123')).resolves.toMatch(/^sid=/);
  });
});

describe('POST /api/user/updateUserInfo: a new phone needs its code and the current password', () => {
  it('refuses a new phone without a code, and a name-only change needs nothing', async () => {
    await createMember(t.db, { username: 'mover1', phone: '13912340011', name: '张三' });
    const stolen = await t.signIn('mover1', TEST_PASSWORD);
    const res = await t.call('POST', '/api/user/updateUserInfo', {
      cookie: stolen,
      body: { name: '张三', phone: '13712340011' },
    });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.code).toEqual(['请输入验证码']);
    expect((await userRow('mover1')).phone).toBe('13912340011');
    const nameOnly = await t.call('POST', '/api/user/updateUserInfo', {
      cookie: stolen,
      body: { name: '张小三', phone: '13912340011' },
    });
    expect(nameOnly.status).toBe(200);
    expect((await userRow('mover1')).name).toBe('张小三');
  });

  it('refuses a code sent to another phone, and a missing or wrong current password (counted)', async () => {
    await createMember(t.db, { username: 'mover2', phone: '13912340021' });
    const cookie = await t.signIn('mover2', TEST_PASSWORD);
    expect(
      (
        await t.call('POST', '/api/user/create_code', {
          cookie,
          body: { purpose: 'change_phone', phone: '13712340021' },
        })
      ).status,
    ).toBe(200);
    const code = await lastCode('13712340021', 'change_phone');
    const elsewhere = await t.call('POST', '/api/user/updateUserInfo', {
      cookie,
      body: { name: '李四', phone: '13712340022', code, old_password: TEST_PASSWORD },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.data.errors.code).toEqual(['验证码错误或已过期']);
    const noPassword = await t.call('POST', '/api/user/updateUserInfo', {
      cookie,
      body: { name: '李四', phone: '13712340021', code },
    });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.data.errors.old_password).toEqual(['请输入原密码']);
    const wrongPassword = await t.call('POST', '/api/user/updateUserInfo', {
      cookie,
      body: { name: '李四', phone: '13712340021', code, old_password: 'nope12345' },
    });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.data.errors.old_password).toEqual(['原密码不正确']);
    expect((await userRow('mover2')).phone).toBe('13912340021');
    // The wrong password was a failed sign-in: four more lock the account.
    for (let i = 0; i < 4; i++) {
      await t.call('POST', '/api/user/resetPassword', {
        cookie,
        body: { old_password: `nope${i}2345`, password: 'taken1234' },
      });
    }
    expect(
      (await t.call('POST', '/api/user/login', { body: { username: 'mover2', password: TEST_PASSWORD } })).status,
    ).toBe(429);
  });

  it('with the new phone’s code and the current password: the phone changes, other sessions end, 我的消息 says so', async () => {
    const { companyId } = await createMember(t.db, { username: 'mover3', phone: '13912340031' });
    const here = await t.signIn('mover3', TEST_PASSWORD);
    const other = await t.signIn('mover3', TEST_PASSWORD);
    const sent = await t.call('POST', '/api/user/create_code', {
      cookie: here,
      body: { purpose: 'change_phone', phone: '13712340031' },
    });
    expect(sent.status, sent.body.msg).toBe(200);
    expect(sent.body.data.phone).toBe('137****0031');
    const code = await lastCode('13712340031', 'change_phone');
    const res = await t.call('POST', '/api/user/updateUserInfo', {
      cookie: here,
      body: { name: '王五', phone: '13712340031', code, old_password: TEST_PASSWORD },
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toEqual({ name: '王五', phone: '13712340031' });
    expect((await userRow('mover3')).phone).toBe('13712340031');
    expect((await base(here)).status).toBe(200);
    expect((await base(other)).status).toBe(401);
    const [message] = await messagesOf(companyId!);
    expect(message.title).toBe('绑定手机号已更换');
    expect(message.body).toContain('139****0031');
    expect(message.body).toContain('137****0031');
  });

  it('sends no change_phone code to a phone another account uses, to the same phone, or signed out', async () => {
    await createMember(t.db, { username: 'holder', phone: '13912340041' });
    await createMember(t.db, { username: 'mover4', phone: '13912340042' });
    const cookie = await t.signIn('mover4', TEST_PASSWORD);
    const taken = await t.call('POST', '/api/user/create_code', {
      cookie,
      body: { purpose: 'change_phone', phone: '13912340041' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.data.errors.phone).toEqual(['该手机号已被其他账号使用']);
    const same = await t.call('POST', '/api/user/create_code', {
      cookie,
      body: { purpose: 'change_phone', phone: '13912340042' },
    });
    expect(same.status).toBe(422);
    expect(same.body.data.errors.phone).toEqual(['新手机号与当前手机号相同']);
    expect(
      (await t.call('POST', '/api/user/create_code', { body: { purpose: 'change_phone', phone: '13712340042' } }))
        .status,
    ).toBe(401);
  });
});

describe('passwords: length, characters, cost', () => {
  atTheShopsPasswordCost();

  it('accepts a password longer than 20 characters with symbols, spaces and Chinese, and signs in with it', async () => {
    await createMember(t.db, { username: 'longpass' });
    const cookie = await t.signIn('longpass', TEST_PASSWORD);
    const long = 'Kāng Yuán #2026 医药 — "长密码" ok!';
    expect([...long].length).toBeGreaterThan(20);
    const res = await t.call('POST', '/api/user/resetPassword', {
      cookie,
      body: { old_password: TEST_PASSWORD, password: long, password_confirmation: long },
    });
    expect(res.status, res.body.msg).toBe(200);
    await expect(t.signIn('longpass', long)).resolves.toMatch(/^sid=/);
    // 64 characters at most; control characters are no password characters.
    const tooLong = await t.call('POST', '/api/user/resetPassword', {
      cookie,
      body: { old_password: long, password: `a1${'x'.repeat(63)}` },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.data.errors.password).toEqual(['密码为6-64位，须同时包含字母和数字，可使用符号']);
    const control = await t.call('POST', '/api/user/resetPassword', {
      cookie,
      body: { old_password: long, password: 'abc\u0007123' },
    });
    expect(control.status).toBe(422);
  });

  it('stores new hashes at N=2^14, r=8, p=5 with the cost beside the key', async () => {
    await createMember(t.db, { username: 'costly' });
    const cookie = await t.signIn('costly', TEST_PASSWORD);
    await t.call('POST', '/api/user/resetPassword', {
      cookie,
      body: { old_password: TEST_PASSWORD, password: 'costly123' },
    });
    expect((await userRow('costly')).passwordHash).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[0-9a-f]{128}$/);
  });

  it('re-hashes a buyer’s hash at the old cost (N=2^14, r=8, p=1) at the next sign-in', async () => {
    const old = await legacyHash('oldhash123');
    await createMember(t.db, { username: 'oldtimer' });
    await t.db
      .update(users)
      .set({ passwordHash: old.hash, passwordSalt: old.salt })
      .where(eq(users.username, 'oldtimer'));
    // A failed sign-in changes nothing.
    expect(
      (await t.call('POST', '/api/user/login', { body: { username: 'oldtimer', password: 'wrong1234' } })).status,
    ).toBe(400);
    expect((await userRow('oldtimer')).passwordHash).toBe(old.hash);
    await t.signIn('oldtimer', 'oldhash123');
    const row = await userRow('oldtimer');
    expect(row.passwordHash).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[0-9a-f]{128}$/);
    expect(row.passwordSalt).not.toBe(old.salt);
    expect(await verifyPassword('oldhash123', row.passwordHash, row.passwordSalt)).toBe(true);
    await expect(t.signIn('oldtimer', 'oldhash123')).resolves.toMatch(/^sid=/);
  });

  it('re-hashes an operator’s hash at the old cost at the next console sign-in (the same module)', async () => {
    const old = await legacyHash('console1234');
    await t.db.insert(staff).values({
      name: '老运营',
      phone: '13500000088',
      role: 'operator',
      username: 'oldop',
      passwordHash: old.hash,
      passwordSalt: old.salt,
      consoleRole: 'support',
    });
    await operatorSignIn(t, 'oldop', { password: 'console1234' });
    const [row] = await t.db
      .select()
      .from(staff)
      .where(and(eq(staff.username, 'oldop')));
    expect(row.passwordHash).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[0-9a-f]{128}$/);
    await expect(operatorSignIn(t, 'oldop', { password: 'console1234' })).resolves.toMatch(/^admin_sid=/);
  });
});
