// Hono context typing shared by every route module.
import type { Deps } from './deps.ts';
import type { OperatorRole } from '@domain/operator-roles.ts';

export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** Set once the handler stored its answer in its own transaction (commitWithAnswer). */
  answered: boolean;
}

/** The signed-in member behind a request (set by the session middleware). */
export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
  /**
   * The company this request acts for: the member's own, or the store its head office is acting as
   * (/ddgl). Null while a registration has not reached the company step.
   */
  companyId: number | null;
  /** The member's own company (the head office while acting as a store). */
  homeCompanyId?: number | null;
  /** The store being acted as; null or absent otherwise. */
  actingCompanyId?: number | null;
}

/** The signed-in operator behind an /api/admin request (server/auth/staff-session.ts). */
export interface OperatorSession {
  sessionId: string;
  staffId: number;
  username: string;
  name: string;
  role: OperatorRole;
  totpEnabled: boolean;
  /**
   * Production and no second factor yet: the session may only enrol one and sign out
   * (server/routes/admin/access.ts `enrolling`). Read from the account on every request, so an
   * admin's TOTP reset confines the operator's open sessions at once.
   */
  enrolmentOnly: boolean;
}

/** A request to /api/integration/v1 (server/routes/integration/): who signed it and what came of it. */
export interface IntegrationRequest {
  /** The client that signed the request; null until the signature passed (or when it did not). */
  caller: { clientId: number; keyId: string; name: string; scopes: readonly string[] } | null;
  /** The route's pattern for the call log, e.g. `POST /stock`. */
  route: string;
  /** Counts a batch route gives for the call log ({ items, applied, failed }). */
  result: unknown;
  /** The refusal's reason code; '' while answered 2xx. */
  reason: string;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    /** This request's id (X-Request-Id), set first by server/http/request-log.ts. */
    requestId: string;
    user: SessionUser | null;
    /** Set only under /api/admin; buyer sessions never fill it. */
    operator: OperatorSession | null;
    /** Parsed request body (form bracket notation or JSON), set by the body middleware for unsafe methods. */
    body: Record<string, unknown>;
    /** Parsed query string (same bracket notation), set by the body middleware for every method. */
    query: Record<string, unknown>;
    /** The Idempotency-Key row this request claimed (server/http/idempotency.ts), or null. */
    idempotency: IdempotencyClaim | null;
    /** Set only under /api/integration/v1. */
    integration: IntegrationRequest | null;
  };
}
