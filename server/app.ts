// The app factory (STYLE.md "An app factory, not a singleton"): server/index.ts builds it with the
// real database; tests build it with a fresh in-memory PGlite and drive it with app.request().
import { Hono, type MiddlewareHandler } from 'hono';
import type { Deps } from './deps.ts';
import type { AppEnv } from './env.ts';
import { compressJson } from './http/compress-json.ts';
import { handleError, handleNotFound } from './http/errors.ts';
import { originCheck } from './http/origin.ts';
import { parseInput } from './http/body.ts';
import { refuseHostileText } from './http/text-guard.ts';
import { sessionMiddleware } from './auth/session.ts';
import { idempotency } from './http/idempotency.ts';
import { requestLog } from './http/request-log.ts';
import { healthRoutes } from './http/health.ts';
import { RequestMetrics } from './http/metrics.ts';
import { metricsRoutes } from './routes/metrics.ts';
import path from 'node:path';
import { consoleSite, mediaSite, staticSite } from './http/static.ts';
import { serverRendering } from './http/ssr.ts';
import { isAdminHostFor } from './http/admin-host.ts';
import { goodsNameById } from './services/goods/name.ts';
import { userRoutes } from './routes/user.ts';
import { registerRoutes } from './routes/register.ts';
import {
  registerWechatRoutes,
  userWechatRoutes,
  userWechatTicketRoutes,
  wechatCallbackRoutes,
  wechatOffered,
  wechatRoutes,
  wechatStandIn,
} from './routes/wechat.ts';
import { devRoutes } from './routes/dev.ts';
import { focusRoutes } from './routes/focus.ts';
import { globalRoutes } from './routes/global.ts';
import { goodsRoutes } from './routes/goods.ts';
import { goodsImageRoutes } from './routes/goods-images.ts';
import { cartRoutes } from './routes/cart.ts';
import { favoriteRoutes } from './routes/favorite.ts';
import { indexRoutes, recommendRoutes } from './routes/index-page.ts';
import { groupBuyRoutes } from './routes/group-buy.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { exchangeRoutes } from './routes/exchange.ts';
import { orderRoutes } from './routes/order.ts';
import { payRoutes } from './routes/pay.ts';
import { sandboxPayRoutes } from './routes/pay-sandbox.ts';
import { walletRoutes } from './routes/wallet.ts';
import { pointsMallRoutes } from './routes/points-mall.ts';
import { combinationRoutes } from './routes/combinations.ts';
import { storeRoutes } from './routes/stores.ts';
import { messageRoutes } from './routes/message.ts';
import { quickPurchaseRoutes } from './routes/quick-purchase.ts';
import { contractRoutes } from './routes/contract.ts';
import { papersRoutes } from './routes/papers.ts';
import { keptThumbnailsRoutes } from './routes/kept-thumbnails.ts';
import { productRequestRoutes } from './routes/product-requests.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { goodsAlertRoutes } from './routes/goods-alerts.ts';
import { promotionRoutes } from './routes/promotions.ts';
import { addressRoutes } from './routes/address.ts';
import { afterSaleRoutes, orderAfterSaleRoutes, uploadRoutes } from './routes/after-sale.ts';
import { contentImageRoutes } from './routes/content-images.ts';
import { invoiceRoutes } from './routes/invoice.ts';
import { articleRoutes } from './routes/article.ts';
import { drawRoutes } from './routes/draw.ts';
import { activityPageRoutes } from './routes/activity-pages.ts';
import { qualificationRoutes } from './routes/qualifications.ts';
import { qualityReportRoutes } from './routes/quality-reports.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { chatRoutes } from './routes/chat.ts';
import { chatFrameSite } from './routes/chat-frame.ts';
import { integrationRoutes } from './routes/integration/index.ts';

export interface CreateAppOptions {
  /** Tests mount extra routes (a route that throws, an idempotency counter) behind the real middleware. */
  extend?: (api: Hono<AppEnv>) => void;
  /**
   * Runs after the input is parsed and before any handler (tests/api/hostile-input.test.ts learns
   * from it which parameters each route reads).
   */
  observeInput?: MiddlewareHandler<AppEnv>;
}

export function createApp(deps: Deps, opts: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  // Hono only calls the top-level app's notFound, so unknown /api paths are answered here.
  app.notFound(handleNotFound);
  // First: every request, whatever answers it, has an id and an access-log line.
  const metrics = new RequestMetrics();
  app.use('*', requestLog(deps, metrics));
  // Before the API's middleware (no session, no origin check): load balancers probe these.
  app.route('/api/health', healthRoutes(deps));
  if (deps.config.metricsToken) app.route('/metrics', metricsRoutes(deps, metrics, deps.config.metricsToken));

  const api = new Hono<AppEnv>();
  // Outermost, so it compresses the final answer (lists and the cart run to tens of KB of JSON).
  api.use('*', compressJson());
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    c.set('operator', null);
    await next();
  });
  // Before anything reads them: no handler sees a URL or header holding text it cannot store.
  api.use('*', refuseHostileText());
  api.use('*', originCheck(deps.config));
  api.use('*', parseInput());
  api.use('*', sessionMiddleware());
  api.use('*', idempotency());
  if (opts.observeInput) api.use('*', opts.observeInput);

  api.route('/user', userRoutes);
  api.route('/user', walletRoutes);
  api.route('/user', storeRoutes);
  api.route('/user', messageRoutes);
  api.route('/user', userWechatRoutes);
  api.route('/user', quickPurchaseRoutes);
  api.route('/user', contractRoutes);
  api.route('/user', papersRoutes);
  api.route('/user', keptThumbnailsRoutes);
  api.route('/user', qualificationRoutes);
  api.route('/user', productRequestRoutes);
  api.route('/user', feedbackRoutes);
  api.route('/user', goodsAlertRoutes);
  api.route('/register', registerRoutes);
  // WeChat tickets with real WeChat sign-in (its settings) or the demo's stand-in; without either
  // (production without WECHAT_APP_ID) they answer 404. The stand-in authorises any ticket with
  // any nickname: the demo's only (docs/decisions/wechat-sign-in.md).
  if (wechatOffered(deps.config)) {
    api.route('/register', registerWechatRoutes);
    api.route('/user', userWechatTicketRoutes);
  }
  if (deps.config.wechat) api.route('/wechat', wechatCallbackRoutes);
  if (wechatStandIn(deps.config)) api.route('/wechat', wechatRoutes);
  api.route('/focus', focusRoutes);
  api.route('/global', globalRoutes);
  api.route('/goods', goodsRoutes);
  api.route('/goods', goodsImageRoutes);
  api.route('/cart', checkoutRoutes);
  api.route('/cart', exchangeRoutes);
  api.route('/cart', cartRoutes);
  api.route('/order', orderRoutes);
  api.route('/pay', payRoutes);
  // The demo's gateway only: in production it would let a buyer confirm their own payment.
  if (deps.config.demo) api.route('/pay/sandbox', sandboxPayRoutes);
  api.route('/favorite', favoriteRoutes);
  api.route('/points_mall', pointsMallRoutes);
  api.route('/', combinationRoutes);
  api.route('/index', indexRoutes);
  api.route('/activity/group_buy', groupBuyRoutes);
  api.route('/index_wntj', recommendRoutes);
  api.route('/address', addressRoutes);
  // POST /order/{id}/after_sale only; the order router shares the /order prefix (Hono merges both).
  api.route('/order', orderAfterSaleRoutes);
  api.route('/after_sale', afterSaleRoutes);
  api.route('/upload', uploadRoutes);
  api.route('/content_images', contentImageRoutes);
  api.route('/invoice', invoiceRoutes);
  api.route('/article', articleRoutes);
  api.route('/draw', drawRoutes);
  api.route('/activity', activityPageRoutes);
  api.route('/jybg', qualityReportRoutes);
  api.route('/activity', promotionRoutes);
  api.route('/admin', adminRoutes);
  api.route('/kf', chatRoutes);
  if (deps.config.devEndpoints) api.route('/dev', devRoutes);
  opts.extend?.(api);

  // The ERP's signed machine interface: an app of its own, mounted before /api so none of the
  // shop's middleware (sessions, origin checks) runs for it (docs/integration-api.md).
  app.route('/api/integration/v1', integrationRoutes(deps));
  app.route('/api', api);
  // The customer-service chat frame (SPEC §6): its own small page, not part of the PWA.
  app.route('/kf', chatFrameSite(deps));
  app.route('/media', mediaSite({ goodsName: (id) => goodsNameById(deps.db, id) }));
  if (deps.config.staticDir) {
    const { adminHost, trustProxy } = deps.config;
    // Before the shop: /admin is the console's (and, on ADMIN_HOST, every page is).
    app.route(
      '/',
      consoleSite(path.join(deps.config.staticDir, 'admin'), (c) => isAdminHostFor(adminHost, c), {
        trustProxy,
        adminHostOnly: adminHost !== undefined,
      }),
    );
    // Catalogue pages arrive with their first screen drawn (server/http/ssr.ts); the rest, and any
    // page the renderer declines, get the static shell below.
    app.use('*', serverRendering(deps.config.staticDir, { trustProxy, api: () => app }));
    app.route('/', staticSite(deps.config.staticDir, { trustProxy }));
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
