// Cart and favourite writes go through the local store (src/local/writes.ts): online they answer
// with the server's envelope or its ApiError, offline with a provisional result. Their one
// failure that is not the server's is a full disk while offline; it is turned into an ApiError
// here so the shared SPEC §8 presenter (MutationCache onError) shows it in words instead of the
// generic "system busy" it gives to unknown errors.
import { isLocalStorageFullError, type WriteResult } from '../local';
import { ApiError } from '../domain/api-error';

export type { WriteResult } from '../local';

/**
 * Code 0 with no HTTP status: no server answered. errorKindForCode(0) is 'business', which the
 * presenter shows as a 温馨提示 alert with this message — what a buyer needs to read.
 */
const STORAGE_FULL_CODE = 0;

export async function localWrite<T>(run: () => Promise<WriteResult<T>>): Promise<WriteResult<T>> {
  try {
    return await run();
  } catch (err) {
    if (isLocalStorageFullError(err))
      throw new ApiError({ code: STORAGE_FULL_CODE, status: 0, msg: err.message, cause: err });
    throw err;
  }
}

/** The server's data of a write it acknowledged for this call; null when provisional or sent by another tab. */
export function serverData<T>(result: WriteResult<T>): T | null {
  return result.provisional ? null : (result.envelope?.data ?? null);
}

/** The server's own message for an acknowledged write, or `fallback`; the store's message when provisional. */
export function writeMessage(result: WriteResult<unknown>, fallback: string): string {
  return result.provisional ? result.msg : result.envelope?.msg || fallback;
}
