// What a running app is built from. Tests build their own (fresh in-memory PGlite, fixed clock).
import type { Db } from './db/client.ts';
import type { AlipayGateway } from './payment-gateway.ts';
import type { SmsSender } from './sms-sender.ts';
import type { WechatLogin } from './wechat-login.ts';
import type { LogWriter } from './log.ts';
import type { TransferAccount } from '@domain/orders.ts';
import type { Licence, ShopQrCodes } from '@domain/contracts.ts';

export interface AppConfig {
  /** Absolute path of the built PWA (vite output); absent in API-only tests. */
  staticDir?: string;
  /** True behind HTTPS: session cookies get `Secure`. */
  secureCookies: boolean;
  /** Dev-only endpoints such as GET /api/dev/outbox. */
  devEndpoints: boolean;
  /**
   * The demo shop (NODE_ENV is not production): the sandbox payment gateway, the demo-accounts
   * panel of the login page (GET /api/focus/common `demo`), the demo bank account for 对公转账.
   */
  demo: boolean;
  /** The Alipay gateway, when its settings are given (always in production). */
  alipay?: AlipayGateway;
  /**
   * The SMS provider verification codes go out through (SMS_PROVIDER; always in production). Unset:
   * the demo's outbox, which sends nothing (GET /api/dev/outbox shows the codes).
   */
  sms?: SmsSender;
  /**
   * WeChat website sign-in (WECHAT_APP_ID, WECHAT_APP_SECRET) for /bdwx and /register/wechat. Unset:
   * the demo's stand-in confirmation page, and no WeChat at all in production.
   */
  wechat?: WechatLogin;
  /** Our receiving account for 对公转账 (TRANSFER_ACCOUNT_*); wins over site_config. */
  transferAccount?: TransferAccount;
  /** The footer's licences (SHOP_LICENCES); unset: the demo's invented ones, none in production. */
  licences?: Licence[];
  /** QR code images (SHOP_QR_*); an unset one is not shown in production. */
  qrCodes?: Partial<ShopQrCodes>;
  /** Origins allowed to send unsafe methods besides the request's own host. */
  allowedOrigins: string[];
  /** Behind a reverse proxy: take the client address from the first X-Forwarded-For entry. */
  trustProxy?: boolean;
  /**
   * ADMIN_HOST: the operator console's own host name (no port). Set, the console and /api/admin
   * answer only there; unset, the console is served under /admin of every host.
   */
  adminHost?: string;
  /**
   * Whether reads may recall a session read a moment ago (server/auth/session-memo.ts); on unless
   * false. API tests turn it off by default: they write accounts behind the server's back.
   */
  sessionMemo?: boolean;
  /** METRICS_TOKEN: GET /metrics (Prometheus) answers a scraper bearing it; unset, /metrics is not mounted. */
  metricsToken?: string;
  /** Minutes a new order may stay unpaid before it is cancelled (ORDER_PAYMENT_TTL_MINUTES, default 30). */
  orderPaymentTtlMinutes?: number;
  /**
   * INTEGRATION_BOOTSTRAP_TOKEN (32+ characters): POST /api/integration/v1/bootstrap bearing it
   * creates one integration client (docs/integration-api.md "Bootstrap"); unset, that route answers 404.
   */
  integrationBootstrapToken?: string;
}

export interface Deps {
  db: Db;
  /** The server clock; tests pass a fixed or steppable one. */
  clock: () => Date;
  config: AppConfig;
  /**
   * This server start's id (server/cluster/boot-id.ts), written on Idempotency-Key claims; tests pass
   * their own to play a restarted server. Default: the process's.
   */
  bootId?: string;
  /** Where structured log lines go; default one JSON line each on stdout (server/log.ts). */
  log?: LogWriter;
  /** Uniform [0, 1) for the lucky draw (server/services/draws); tests pass a seeded one. Default Math.random. */
  random?: () => number;
}
