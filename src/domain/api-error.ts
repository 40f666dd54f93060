// The one error type the HTTP client (src/http) throws. `kind` is the SPEC §8 class of the
// failure, so the error catalogue (src/ui/error-catalogue.ts) and callers branch on it, never on
// raw codes. In domain/ because it is the envelope's error contract, pure, and the ui layer's
// presenter must recognise it without importing the client.
import { CODE_CONTRACT_UNSIGNED, CODE_NOT_SIGNED_IN, CODE_VALIDATION } from './envelope';

export type ApiErrorKind =
  | 'business'
  | 'validation'
  | 'auth'
  | 'contract'
  | 'server'
  | 'timeout'
  | 'network'
  | 'aborted';

/** Kinds that have no server answer behind them; their code and status are 0. */
export type TransportErrorKind = Extract<ApiErrorKind, 'timeout' | 'network' | 'aborted'>;

const HTTP_UNAUTHORIZED = 401;

/**
 * SPEC §8 by envelope code. Codes that are neither success nor 500-599 (including custom ones
 * above 599) are business refusals: their message is written for the buyer, so it is shown.
 */
export function errorKindForCode(code: number): Exclude<ApiErrorKind, TransportErrorKind> {
  if (code === CODE_NOT_SIGNED_IN || code === HTTP_UNAUTHORIZED) return 'auth';
  if (code === CODE_CONTRACT_UNSIGNED) return 'contract';
  if (code === CODE_VALIDATION) return 'validation';
  if (code >= 500 && code <= 599) return 'server';
  return 'business';
}

export interface ApiErrorInit {
  code: number;
  status: number;
  msg: string;
  data?: unknown;
  fieldErrors?: Record<string, string[]>;
  /** Only for transport failures; answered requests derive their kind from `code`. */
  kind?: TransportErrorKind;
  /** The server's X-Request-Id for this answer, when it gave one (shown with 系统繁忙 to be quoted). */
  requestId?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  /** Envelope code, or 0 when no envelope arrived (timeout, network, aborted). */
  readonly code: number;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The server's message (Chinese, shown to the buyer) or a client-side default. */
  readonly msg: string;
  readonly data: unknown;
  /** 422 only: `data.errors`, field → messages, in the server's order. */
  readonly fieldErrors?: Record<string, string[]>;
  readonly kind: ApiErrorKind;
  /** The server's id of the request ('' when unknown): a buyer quotes it to support. */
  readonly requestId: string;

  constructor(init: ApiErrorInit) {
    super(init.msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.msg = init.msg;
    this.data = init.data ?? null;
    if (init.fieldErrors) this.fieldErrors = init.fieldErrors;
    this.kind = init.kind ?? errorKindForCode(init.code);
    this.requestId = init.requestId ?? '';
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
