// The API envelope of DESIGN.md "API contract", shared by server and client.

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface ValidationErrorData {
  errors: Record<string, string[]>;
}

export const CODE_OK = 10000;
export const CODE_NOT_SIGNED_IN = 10001;
export const CODE_CONTRACT_UNSIGNED = 459;
export const CODE_VALIDATION = 422;
/** SPEC §8: these codes mean success. */
export const SUCCESS_CODES: readonly number[] = [10000, 200, 201];

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * Answers about the moment, not about the request (timed out, busy with the same key, too early,
 * rate limited): the server never replays them for an Idempotency-Key, and the outbox retries them.
 */
export const MOMENTARY_STATUSES: readonly number[] = [408, 409, 425, 429];
