// One declaration per integration route (issue 34 §1): the zod schemas that validate the request
// are the ones the OpenAPI description is generated from (openapi.ts), and the route is mounted
// from the same declaration (mountRoutes), so a route cannot be served without being documented.
//
//   export const stockRoutes = [
//     defineRoute({
//       method: 'POST', path: '/stock', scope: 'stock:write', tag: '库存', operationId: 'pushStock',
//       summary: '…', body: stockBatch, response: batchResult,
//       handler: async (c, { body }) => applyStock(c.get('deps').db, …),
//     }),
//   ];
//
// Every POST needs an Idempotency-Key (kept per client, server/http/idempotency.ts); the answer is
// the shop's envelope { code: 10000, msg, data } with `data` as the handler returned it.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { IDEMPOTENCY_HEADER, idempotency } from '../../http/idempotency.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { integrationRefusal } from '../../services/integration/authenticate.ts';
import type { IntegrationScope } from '@domain/integration.ts';

type Method = 'GET' | 'POST';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  method: Method;
  /** Below /api/integration/v1, Hono's pattern syntax (`/orders/:id/ack`). */
  path: string;
  /** The scope a client needs; null: any signed client. */
  scope: IntegrationScope | null;
  /** 'signed' (default): the HMAC signature of docs/integration-api.md; 'none': the bootstrap only. */
  auth?: 'signed' | 'none';
  operationId: string;
  /** OpenAPI tag: the section of docs/integration-api.md. */
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * What the document shows as the body when `body` checks only the frame: a batch's body checks
   * `items` as a list and the handler checks each item with its own schema (per-item results),
   * so the document shows that item schema here.
   */
  documentedBody?: z.ZodType;
  /** The answer's `data`. */
  response: R;
  handler: (c: Context<AppEnv>, input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<z.input<R>>;
}

/** A declared route with its types erased (what the router and the document read). */
export interface IntegrationRoute {
  method: Method;
  path: string;
  scope: IntegrationScope | null;
  auth: 'signed' | 'none';
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  documentedBody?: z.ZodType;
  response: z.ZodType;
  handler: (c: Context<AppEnv>, input: RouteInput<unknown, unknown, unknown>) => Promise<unknown>;
}

export function defineRoute<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(spec: RouteSpec<P, Q, B, R>): IntegrationRoute {
  return { ...spec, auth: spec.auth ?? 'signed', handler: spec.handler as IntegrationRoute['handler'] };
}

/** `/orders/:id` → `/orders/{id}` */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The caller's scope, checked before anything else of the route runs. */
function requireScope(scope: IntegrationScope | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (scope !== null && !c.get('integration')?.caller?.scopes.includes(scope)) {
      throw integrationRefusal(403, 'scope_not_granted', `该对接凭证未获授权：${scope}`);
    }
    await next();
  };
}

const requireIdempotencyKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header(IDEMPOTENCY_HEADER)) throw integrationRefusal(428, 'idempotency_key_required');
  await next();
};

/** Keys are per client: two ERPs may send the same key. */
const perClientIdempotency = idempotency({ scopeOf: (c) => `ic:${c.get('integration')?.caller?.clientId ?? 0}` });

const nameRoute =
  (route: IntegrationRoute): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const state = c.get('integration');
    if (state) state.route = `${route.method} ${route.path}`;
    await next();
  };

export function mountRoutes(app: Hono<AppEnv>, routes: readonly IntegrationRoute[]): void {
  for (const route of routes) {
    const guards: MiddlewareHandler<AppEnv>[] = [nameRoute(route)];
    if (route.auth === 'signed') guards.push(requireScope(route.scope));
    if (route.method === 'POST' && route.auth === 'signed') guards.push(requireIdempotencyKey, perClientIdempotency);
    app.on(route.method, [route.path], ...guards, async (c) => {
      const input: RouteInput<unknown, unknown, unknown> = {
        params: route.params ? parseOrThrow(route.params, c.req.param()) : undefined,
        query: route.query ? parseOrThrow(route.query, c.get('query') ?? {}) : undefined,
        body: route.body ? parseOrThrow(route.body, c.get('body') ?? {}) : undefined,
      };
      return ok(c, await route.handler(c, input));
    });
  }
}
