// The app factory (STYLE.md "An app factory, not a singleton"): server/index.ts builds it with the
// real database; tests build it with a fresh in-memory PGlite and drive it with app.request().
import { Hono } from 'hono';
import type { Deps } from './deps.ts';
import type { AppEnv } from './env.ts';
import { handleError, handleNotFound } from './http/errors.ts';
import { originCheck } from './http/origin.ts';
import { parseBody } from './http/body.ts';
import { sessionMiddleware } from './auth/session.ts';
import { idempotency } from './http/idempotency.ts';
import { staticSite } from './http/static.ts';
import { userRoutes } from './routes/user.ts';
import { registerRoutes } from './routes/register.ts';
import { devRoutes } from './routes/dev.ts';
import { focusRoutes } from './routes/focus.ts';
import { globalRoutes } from './routes/global.ts';
import { goodsRoutes } from './routes/goods.ts';
import { cartRoutes } from './routes/cart.ts';

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);

  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    await next();
  });
  api.use('*', originCheck(deps.config));
  api.use('*', parseBody());
  api.use('*', sessionMiddleware());
  api.use('*', idempotency());

  api.get('/health', (c) => c.json({ code: 10000, msg: 'ok', data: { time: deps.clock().toISOString() } }));
  api.route('/user', userRoutes);
  api.route('/register', registerRoutes);
  api.route('/focus', focusRoutes);
  api.route('/global', globalRoutes);
  api.route('/goods', goodsRoutes);
  api.route('/cart', cartRoutes);
  if (deps.config.devEndpoints) api.route('/dev', devRoutes);
  api.notFound(handleNotFound);

  app.route('/api', api);
  if (deps.config.staticDir) app.route('/', staticSite(deps.config.staticDir));
  return app;
}

export type App = ReturnType<typeof createApp>;
