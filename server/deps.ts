// What a running app is built from. Tests build their own (fresh in-memory PGlite, fixed clock).
import type { Db } from './db/client.ts';

export interface AppConfig {
  /** Absolute path of the built PWA (vite output); absent in API-only tests. */
  staticDir?: string;
  /** True behind HTTPS: session cookies get `Secure`. */
  secureCookies: boolean;
  /** Dev-only endpoints such as GET /api/dev/outbox. */
  devEndpoints: boolean;
  /** Origins allowed to send unsafe methods besides the request's own host. */
  allowedOrigins: string[];
  /** Behind a reverse proxy: take the client address from the first X-Forwarded-For entry. */
  trustProxy?: boolean;
  /** Minutes a new order may stay unpaid before it is cancelled (ORDER_PAYMENT_TTL_MINUTES, default 30). */
  orderPaymentTtlMinutes?: number;
}

export interface Deps {
  db: Db;
  /** The server clock; tests pass a fixed or steppable one. */
  clock: () => Date;
  config: AppConfig;
}
