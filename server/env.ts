// Hono context typing shared by every route module.
import type { Deps } from './deps.ts';

/** The signed-in member behind a request (set by the session middleware). */
export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
  /** Null while a registration has not reached the company step. */
  companyId: number | null;
}

export interface AppEnv {
  Variables: {
    deps: Deps;
    user: SessionUser | null;
    /** Parsed request body (form bracket notation or JSON), set by the body middleware for unsafe methods. */
    body: Record<string, unknown>;
  };
}
