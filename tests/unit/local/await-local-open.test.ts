// awaitLocalOpen (src/local/runtime.ts): an offline page's first list or detail query fails before
// the app's boot has opened the store; the pack's answer must wait for the store the boot is about
// to open, and must not keep a visitor (no account expected) waiting at all.
import { afterEach, describe, expect, it } from 'vitest';
import { awaitLocalOpen, beginLocalStart, setLocalRuntime, type LocalRuntime } from '../../../src/local/runtime';

const runtime = { account: { username: 'clinic', companyId: 7 } } as unknown as LocalRuntime;

afterEach(() => setLocalRuntime(null));

describe('awaitLocalOpen', () => {
  it('waits for the store of an expected account, opened after the query failed', async () => {
    let settled = false;
    const waiting = awaitLocalOpen(true, 60_000).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    beginLocalStart(runtime.account, Promise.resolve(runtime));
    await Promise.resolve();
    expect(settled).toBe(false);
    setLocalRuntime(runtime);
    await waiting;
    expect(settled).toBe(true);
  });

  it('answers at once for a visitor and when the store is open', async () => {
    // A 60 s bound: a wait here would time the test out.
    await awaitLocalOpen(false, 60_000);
    setLocalRuntime(runtime);
    await awaitLocalOpen(true, 60_000);
  });

  it('gives up after its bound when the boot never opens the store', async () => {
    await awaitLocalOpen(true, 1);
  });
});
