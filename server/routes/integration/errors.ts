// The integration API's refusals: the shop's envelope { code, msg, data } (server/http/errors.ts)
// with a stable English `data.reason` added to every one, so an integrator's code switches on the
// reason and a person reads the Chinese msg (docs/integration-api.md "Errors").
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../env.ts';
import { AppError } from '../../http/envelope.ts';
import { handleError } from '../../http/errors.ts';
import type { IntegrationReason } from '@domain/integration.ts';

const REASON_BY_STATUS: Partial<Record<number, IntegrationReason>> = {
  400: 'bad_request',
  404: 'not_found',
  409: 'in_progress',
  413: 'body_too_large',
  415: 'bad_request',
  422: 'invalid_request',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function handleIntegrationError(err: Error, c: Context<AppEnv>): Promise<Response> {
  const answered = handleError(err, c);
  const body = (await answered.json()) as { code: number; msg: string; data: unknown };
  const given =
    err instanceof AppError && isObject(err.data) && typeof err.data.reason === 'string' ? err.data.reason : null;
  const reason =
    given ?? (answered.status >= 500 ? 'server_error' : (REASON_BY_STATUS[answered.status] ?? 'bad_request'));
  const state = c.get('integration');
  if (state) state.reason = reason;
  return c.json(
    { code: body.code, msg: body.msg, data: { ...(isObject(body.data) ? body.data : {}), reason } },
    answered.status as ContentfulStatusCode,
  );
}
