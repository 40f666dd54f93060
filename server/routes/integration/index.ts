// /api/integration/v1 (issue 34 §1, docs/integration-api.md): the ERP's machine interface, an app
// of its own beside the shop's /api and the console's /api/admin. No cookies and no session: every
// request is signed by an integration client (server/services/integration/authenticate.ts), every
// call is in the call log, and refusals carry a stable `data.reason`.
//
// Routes are declared with defineRoute (define.ts) in one module per area and listed in
// INTEGRATION_ROUTES below; the OpenAPI description at /openapi.json is generated from that list.
import { Hono, type Context } from 'hono';
import type { Deps } from '../../deps.ts';
import type { AppEnv, IntegrationRequest } from '../../env.ts';
import { compressJson } from '../../http/compress-json.ts';
import { clientIp } from '../../http/client-ip.ts';
import { BAD_BODY_MSG, readLimited, sanitizeJson } from '../../http/body.ts';
import { AppError, badRequest } from '../../http/envelope.ts';
import { assertCleanInput, refuseHostileText } from '../../http/text-guard.ts';
import { authenticate, integrationRefusal } from '../../services/integration/authenticate.ts';
import { recordCall } from '../../services/integration/calls.ts';
import { INTEGRATION_BASE_PATH, SIGNING_HEADERS } from '@domain/integration.ts';
import { mountRoutes, type IntegrationRoute } from './define.ts';
import { handleIntegrationError } from './errors.ts';
import { OPENAPI_PATH, openApiDocument } from './openapi.ts';
import { metaRoutes } from './meta.ts';
import { stockPriceRoutes } from './stock-prices.ts';
import { goodsRoutes } from './goods.ts';
import { companyRoutes } from './companies.ts';
import { orderRoutes } from './orders.ts';

/**
 * Every integration route, in one list: what is mounted and what is documented. The orders feed,
 * acknowledgement and the ERP's order moves (issue 34 §1 "orders") go here as `...orderRoutes`.
 */
export const INTEGRATION_ROUTES: readonly IntegrationRoute[] = [
  ...metaRoutes,
  ...goodsRoutes,
  ...stockPriceRoutes,
  ...companyRoutes,
  ...orderRoutes,
];

/** Batches of 1,000 goods with their master data stay well below this. */
export const INTEGRATION_BODY_BYTES = 8 * 1024 * 1024;

async function readJsonBody(c: Context<AppEnv>, bytes: Uint8Array<ArrayBuffer>): Promise<Record<string, unknown>> {
  if (bytes.byteLength === 0) return {};
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new AppError(415, 415, '不支持的请求格式，请使用 application/json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw badRequest(BAD_BODY_MSG);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest(BAD_BODY_MSG);
  const body = sanitizeJson(parsed) as Record<string, unknown>;
  assertCleanInput(body);
  return body;
}

export function integrationRoutes(deps: Deps, routes: readonly IntegrationRoute[] = INTEGRATION_ROUTES): Hono<AppEnv> {
  // The document and the bootstrap are read without a signature.
  const unsigned = new Set([
    `GET ${OPENAPI_PATH}`,
    ...routes.filter((r) => r.auth === 'none').map((r) => `${r.method} ${r.path}`),
  ]);
  const app = new Hono<AppEnv>();
  app.onError(handleIntegrationError);
  app.use('*', compressJson());
  // Outermost of our own: whatever answers (a refusal included), the call is logged.
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    c.set('operator', null);
    c.set('idempotency', null);
    const state: IntegrationRequest = { caller: null, route: '', result: null, reason: '' };
    c.set('integration', state);
    await next();
    try {
      await recordCall(
        deps.db,
        {
          clientId: state.caller?.clientId ?? null,
          keyId: c.req.header(SIGNING_HEADERS.keyId) ?? '',
          method: c.req.method,
          route: state.route || `${c.req.method} ?`,
          path: c.req.path,
          status: c.res.status,
          reason: c.res.status < 300 ? '' : state.reason || 'error',
          result: state.result,
          requestId: c.get('requestId') ?? '',
          ip: clientIp(c),
        },
        deps.clock(),
      );
    } catch (err) {
      // The answer stands; a lost log row is the server's problem, told in its own log.
      (deps.log ?? console.error)({
        event: 'integration.call_log_failed',
        level: 'error',
        error: (err as Error).message,
      });
    }
  });
  app.use('*', refuseHostileText());
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    c.set('query', Object.fromEntries(url.searchParams));
    const bytes = c.req.raw.body ? await readLimited(c.req.raw, INTEGRATION_BODY_BYTES) : new Uint8Array(0);
    const local = url.pathname.slice(INTEGRATION_BASE_PATH.length);
    if (!unsigned.has(`${c.req.method} ${local}`)) {
      const caller = await authenticate(
        deps.db,
        {
          method: c.req.method,
          target: url.pathname + url.search,
          body: bytes,
          keyId: c.req.header(SIGNING_HEADERS.keyId),
          timestamp: c.req.header(SIGNING_HEADERS.timestamp),
          nonce: c.req.header(SIGNING_HEADERS.nonce),
          signature: c.req.header(SIGNING_HEADERS.signature),
        },
        deps.clock(),
      );
      c.get('integration')!.caller = caller;
    }
    c.set('body', await readJsonBody(c, bytes));
    await next();
  });
  // Not a declared route: the document itself (listed in it by openApiDocument).
  const document = openApiDocument(routes);
  app.get(OPENAPI_PATH, (c) => c.json(document));
  mountRoutes(app, routes);
  // Ends the chain here: the shop's /api middleware (sessions, origin checks) never sees these paths.
  app.all('*', () => {
    throw integrationRefusal(404, 'not_found');
  });
  return app;
}
