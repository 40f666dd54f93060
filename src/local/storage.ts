// Browser storage: ask for persistence after sign-in (so the browser does not evict the outbox
// under pressure), read the estimate, and turn "quota exceeded" into one typed error the UI shows
// in words. A full disk never crashes the app: writes that cannot be stored say so.

export const STORAGE_FULL_MESSAGE = '本机存储空间不足，离线数据未能全部保存';

/** The local store could not save because the browser's quota is used up. */
export class LocalStorageFullError extends Error {
  readonly kind = 'storage-full' as const;
  constructor(cause?: unknown) {
    super(STORAGE_FULL_MESSAGE, cause === undefined ? undefined : { cause });
    this.name = 'LocalStorageFullError';
  }
}

export function isLocalStorageFullError(err: unknown): err is LocalStorageFullError {
  return err instanceof LocalStorageFullError;
}

/** DOMException code of QuotaExceededError in older engines. */
const QUOTA_EXCEEDED_CODE = 22;

/**
 * IndexedDB reports quota as a DOMException named QuotaExceededError; Dexie wraps it in its own
 * error with the same name and keeps the original as `inner` (or `failures` for bulk writes).
 */
export function isQuotaError(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const e = err as { name?: unknown; code?: unknown; inner?: unknown; cause?: unknown; failures?: unknown };
  if (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  if (e.name === 'DOMException' || err instanceof Error) {
    if (e.code === QUOTA_EXCEEDED_CODE && typeof DOMException !== 'undefined' && err instanceof DOMException)
      return true;
  }
  if (isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1)) return true;
  return Array.isArray(e.failures) && e.failures.some((f) => isQuotaError(f, depth + 1));
}

type Listener = (error: LocalStorageFullError) => void;
const listeners = new Set<Listener>();

/** The UI subscribes once and shows STORAGE_FULL_MESSAGE (background writes cannot throw at it). */
export function onStorageFull(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportStorageFull(error: LocalStorageFullError): void {
  for (const listener of [...listeners]) listener(error);
}

/** Runs a local write; a quota failure becomes LocalStorageFullError (and is reported). */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    const full = new LocalStorageFullError(err);
    reportStorageFull(full);
    throw full;
  }
}

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

function storageManager(): StorageManagerLike | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as { storage?: StorageManagerLike }).storage ?? null;
}

/**
 * Asks the browser not to evict our data under pressure; called after sign-in. Browsers may
 * decide silently (Chrome grants it to installed or engaged sites), so false is not an error.
 */
export async function requestPersistentStorage(
  manager: StorageManagerLike | null = storageManager(),
): Promise<boolean> {
  if (!manager?.persist) return false;
  try {
    if (manager.persisted && (await manager.persisted())) return true;
    return await manager.persist();
  } catch {
    // A refusal or an unsupported context (some private modes throw) leaves best-effort storage.
    return false;
  }
}

export interface StorageEstimateResult {
  usageBytes: number;
  quotaBytes: number;
  /** quota − usage, never below 0. */
  freeBytes: number;
}

export async function estimateStorage(
  manager: StorageManagerLike | null = storageManager(),
): Promise<StorageEstimateResult | null> {
  if (!manager?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await manager.estimate();
    return { usageBytes: usage, quotaBytes: quota, freeBytes: Math.max(0, quota - usage) };
  } catch {
    return null;
  }
}
