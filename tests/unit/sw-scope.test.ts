// The worker's account scope (sw/scope.ts): a different account clears the per-user caches and
// invalidates answers in flight; an unknown scope is learned; a stale learning is not adopted.
import { describe, expect, it } from 'vitest';
import type { CacheScope } from '../../src/domain/cache-names';
import { ScopeStore } from '../../sw/scope';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function makeStore(options: { stored?: CacheScope | null; learn?: () => Promise<CacheScope | null> } = {}) {
  const saved: (CacheScope | null)[] = [];
  let clears = 0;
  let learns = 0;
  const store = new ScopeStore({
    load: async () => options.stored ?? null,
    save: async (scope) => void saved.push(scope),
    clear: async () => void clears++,
    learn: async () => {
      learns++;
      return options.learn ? options.learn() : null;
    },
  });
  return { store, saved, clears: () => clears, learns: () => learns };
}

describe('ScopeStore', () => {
  it('starts from the persisted scope (survives a worker restart)', async () => {
    const { store } = makeStore({ stored: 'u:demo' });
    expect(await store.current()).toBe('u:demo');
  });

  it('switching accounts clears the caches and bumps the generation', async () => {
    const { store, saved, clears } = makeStore({ stored: 'u:demo' });
    const before = store.generation;
    await store.set('u:chain');
    expect(await store.current()).toBe('u:chain');
    expect(clears()).toBe(1);
    expect(store.generation).toBeGreaterThan(before);
    expect(saved).toEqual(['u:chain']);
  });

  it('the same account again changes nothing', async () => {
    const { store, clears } = makeStore({ stored: 'u:demo' });
    const before = store.generation;
    await store.set('u:demo');
    expect(clears()).toBe(0);
    expect(store.generation).toBe(before);
  });

  it('reset forgets the account, clears, and the next ensure() learns it again', async () => {
    const { store, saved, clears } = makeStore({ stored: 'u:demo', learn: async () => 'visitor' });
    await store.reset();
    expect(clears()).toBe(1);
    expect(saved).toEqual([null]);
    expect(await store.current()).toBeNull();
    expect(await store.ensure()).toBe('visitor');
    // Learning an unknown scope is not an account change: nothing more to clear.
    expect(clears()).toBe(1);
  });

  it('learns an unknown scope once for concurrent callers', async () => {
    const gate = deferred<CacheScope | null>();
    const { store, learns } = makeStore({ learn: () => gate.promise });
    const a = store.ensure();
    const b = store.ensure();
    gate.resolve('u:demo');
    expect(await a).toBe('u:demo');
    expect(await b).toBe('u:demo');
    expect(learns()).toBe(1);
  });

  it('does not adopt a learning that a logout overtook', async () => {
    const gate = deferred<CacheScope | null>();
    const { store, learns } = makeStore({ learn: () => gate.promise });
    const learning = store.ensure();
    // The request to the server is out…
    while (learns() === 0) await Promise.resolve();
    // …and the buyer signs out before it answers.
    await store.reset();
    gate.resolve('u:demo');
    expect(await learning).toBeNull();
    expect(await store.current()).toBeNull();
  });

  it('hides the scope while a sign-in settles, and invalidates answers started before it', async () => {
    const { store } = makeStore({ stored: 'visitor' });
    const startedAt = store.generation;
    const settle = store.beginChange();
    expect(await store.current()).toBeNull();
    await store.set('u:demo');
    settle();
    expect(await store.current()).toBe('u:demo');
    expect(store.generation).not.toBe(startedAt);
  });
});
