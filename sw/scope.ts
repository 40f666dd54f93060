// Which account the worker is caching catalogue answers for ("scope": 'u:<username>' or
// 'visitor'), and the guard that keeps one account's answers out of another's cache.
//
// - The scope is part of every catalogue cache key (sw/plugins.ts), so a read can only find
//   answers stored for the current viewer.
// - A change from one known scope to another clears the per-user caches and bumps `generation`.
//   A request records the generation when it starts; its answer is stored only if the generation
//   is unchanged when the answer arrives, so a response fetched with the old session cookie is
//   never written under the new account's key.
// - Unknown (null) scope — first run, or right after a clear — is learned by asking the server
//   (GET /api/user/base from the worker) before anything is stored. Learning does not bump the
//   generation: the session answering is the one the in-flight requests used.
// - The scope survives worker restarts in a tiny Cache Storage entry (no IndexedDB needed).
//
// Pure of `self`: sw/sw.ts passes the persistence, the clearing and the learning in, and
// tests/unit/sw-scope.test.ts drives it in node.
import { isCacheScope, type CacheScope } from '../src/domain/cache-names';

export interface ScopeStoreDeps {
  /** Reads the persisted scope (null when none). */
  load(): Promise<CacheScope | null>;
  /** Persists the scope (null deletes it). */
  save(scope: CacheScope | null): Promise<void>;
  /** Deletes every per-user cache. */
  clear(): Promise<void>;
  /** Asks the server who the session belongs to; null when it cannot tell (offline, error). */
  learn(): Promise<CacheScope | null>;
}

export class ScopeStore {
  #scope: CacheScope | null = null;
  #loaded: Promise<void> | null = null;
  #generation = 0;
  /** Account changes observed but not yet settled (login answer seen, body not yet read). */
  #changing = 0;
  #learning: Promise<CacheScope | null> | null = null;
  /** Scope changes apply one after another, in the order they were asked for. */
  #queue: Promise<void> = Promise.resolve();
  readonly #deps: ScopeStoreDeps;

  constructor(deps: ScopeStoreDeps) {
    this.#deps = deps;
  }

  /** Changes whenever cached answers might belong to a different account than before. */
  get generation(): number {
    return this.#generation;
  }

  #load(): Promise<void> {
    this.#loaded ??= this.#deps.load().then(
      (stored) => {
        // A change that raced the first load wins over the stored value.
        if (this.#scope === null && this.#generation === 0 && isCacheScope(stored)) this.#scope = stored;
      },
      () => undefined,
    );
    return this.#loaded;
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The scope to key reads and writes with; null while unknown or while an account change settles. */
  async current(): Promise<CacheScope | null> {
    await this.#load();
    return this.#changing > 0 ? null : this.#scope;
  }

  /** Like current(), but an unknown scope is learned from the server first (deduplicated). */
  async ensure(): Promise<CacheScope | null> {
    const known = await this.current();
    if (known !== null || this.#changing > 0) return known;
    if (!this.#learning) {
      const startedAt = this.#generation;
      this.#learning = this.#deps
        .learn()
        .catch(() => null)
        .then(async (learned) => {
          // Adopted only if nothing happened meanwhile: a logout or login during the request
          // means the answer may describe a session that no longer exists.
          if (learned !== null && this.#generation === startedAt && this.#scope === null && this.#changing === 0) {
            await this.#enqueue(async () => {
              if (this.#generation !== startedAt || this.#scope !== null) return;
              this.#scope = learned;
              await this.#deps.save(learned);
            });
          }
          return this.current();
        })
        .finally(() => {
          this.#learning = null;
        });
    }
    return this.#learning;
  }

  /**
   * An account change is under way (a login answer arrived; its body names the account).
   * Invalidates in-flight writes at once; call the returned function once settled.
   */
  beginChange(): () => void {
    this.#generation++;
    this.#changing++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#changing--;
    };
  }

  /** The account is now `next`. A different known account clears the per-user caches first. */
  set(next: CacheScope): Promise<void> {
    return this.#enqueue(async () => {
      await this.#load();
      if (this.#scope === next) return;
      if (this.#scope !== null) {
        this.#generation++;
        await this.#deps.clear();
      }
      this.#scope = next;
      await this.#deps.save(next);
    });
  }

  /** Logout or an explicit clear: forget the account and drop its caches; the scope is relearned. */
  reset(): Promise<void> {
    this.#generation++;
    return this.#enqueue(async () => {
      await this.#load();
      this.#scope = null;
      await this.#deps.clear();
      await this.#deps.save(null);
    });
  }
}
