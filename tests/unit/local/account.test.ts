// The last signed-in account record: an offline start reopens its store and, with the server
// unreachable, its approval decides what the goods widgets allow (issue 16).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accountOf,
  forgetLastAccount,
  lastAccount,
  rememberLastAccount,
  sameAccount,
} from '../../../src/local/account';
import { memoryStorage } from '../../helpers/memory-storage';

describe('last signed-in account', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps whether the company was approved, from the server’s is_passed', () => {
    rememberLastAccount(accountOf({ username: 'pending', customer: { id: 2 }, is_passed: 0 }));
    expect(lastAccount()).toEqual({ username: 'pending', companyId: 2, approved: false });
    rememberLastAccount(accountOf({ username: 'demo', customer: { id: 1 }, is_passed: 1 }));
    expect(lastAccount()).toEqual({ username: 'demo', companyId: 1, approved: true });
    forgetLastAccount();
    expect(lastAccount()).toBeNull();
  });

  it('reads a record written before approval was kept, and approval is not part of who the account is', () => {
    localStorage.setItem('local:lastAccount', JSON.stringify({ username: 'demo', companyId: 1 }));
    const older = lastAccount();
    expect(older).toEqual({ username: 'demo', companyId: 1 });
    expect(sameAccount(older, { username: 'demo', companyId: 1, approved: true })).toBe(true);
  });
});
