// The demo accounts of DESIGN.md "Demo data" as GET /api/user/base shows them (seed + user base together).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import type { UserBase } from '../../src/domain/user.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 50 });
});
afterAll(() => t.close());

const base = async (username: string) => {
  const cookie = await t.signIn(username, 'demo1234');
  return (await t.call<UserBase>('GET', '/api/user/base', { cookie })).body.data;
};

describe('demo accounts', () => {
  it('demo: approved, chat, manager and salesperson, contract signed', async () => {
    const u = await base('demo');
    expect(u.is_passed).toBe(1);
    expect(u.is_can_chat).toBe(1);
    expect(u.admin).not.toBeNull();
    expect(u.ywy).not.toBeNull();
    expect(u.customer.contract_signed).toBe(1);
    expect(u.common_config.hot_line).not.toBe('');
  });

  it('pending: not yet approved', async () => {
    expect((await base('pending')).is_passed).toBe(0);
  });

  it('chain: a head office', async () => {
    const chain = await base('chain');
    expect(chain.customer.is_head_office).toBe(1);
    // The seeded WeChat binding (/bdwx shows the bound state); demo is left unbound for the QR flow.
    expect(chain.wechat).toBe('华康连锁-刘总');
    expect((await base('demo')).wechat).toBe('');
    expect((await base('chain-a')).customer.is_head_office).toBe(0);
  });

  it('nocontract: approved without the e-contract', async () => {
    const u = await base('nocontract');
    expect(u.is_passed).toBe(1);
    expect(u.customer.contract_signed).toBe(0);
  });
});
