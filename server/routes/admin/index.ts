// The admin variant of the API (SPEC §6/§7), mounted at /api/admin: operator sessions only
// (admin_sid), never a buyer's. With ADMIN_HOST set it answers only on that host, so the shop's
// host exposes no console at all (docs/decisions/operator-console.md).
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { notFound } from '../../http/envelope.ts';
import { staffSessionMiddleware } from '../../auth/staff-session.ts';
import { adminAuthRoutes } from './auth.ts';
import { adminDashboardRoutes } from './dashboard.ts';
import { adminCompanyRoutes } from './companies.ts';
import { adminOperatorRoutes } from './operators.ts';
import { adminTransferRoutes } from './transfers.ts';
import { adminOrderRoutes } from './orders.ts';
import { adminAfterSaleRoutes } from './after-sales.ts';
import { adminInvoiceRoutes } from './invoices.ts';
import { adminCouponRoutes } from './coupons.ts';
import { adminDrawRoutes } from './draws.ts';
import { adminPromotionRoutes } from './promotions.ts';
import { adminPromotionRuleRoutes } from './promotion-rules.ts';
import { adminPointsGoodsRoutes } from './points-goods.ts';
import { adminWalletRoutes } from './wallet.ts';
import { adminStoreRelationRoutes } from './store-relations.ts';
import { adminOwnAccountRoutes } from './own-account.ts';
import { adminOperatorAccountRoutes } from './operator-accounts.ts';
import { adminCatalogueRoutes } from './catalogue.ts';
import { adminGoodsRoutes } from './goods.ts';
import { adminCatalogueFileRoutes } from './catalogue-file.ts';
import { adminArticleRoutes } from './articles.ts';
import { adminSettingsRoutes } from './settings.ts';
import { adminSiteListRoutes } from './site-lists.ts';
import { adminContentImageRoutes } from './content-images.ts';
import { adminChatRoutes } from './chat.ts';
import { adminExchangeRoutes } from './exchange-promotions.ts';
import { adminBuyerMessageRoutes, adminFeedbackRoutes, adminProductRequestRoutes } from './buyer-service.ts';
import { adminIntegrationClientRoutes } from './integration-clients.ts';
import { isAdminHost } from '../../http/admin-host.ts';
import { forgetCatalogueCaches } from '../../cluster/catalogue-news.ts';

export const adminRoutes = new Hono<AppEnv>();

adminRoutes.use('*', async (c, next) => {
  c.set('operator', null);
  if (!isAdminHost(c)) throw notFound('接口不存在');
  await next();
});
adminRoutes.use('*', staffSessionMiddleware());
// Any console write may change what the catalogue shows (promotions, a company's approval or
// rank, categories and makers…): this process's catalogue caches and stored answers are dropped
// after every one that succeeded. Console writes are rare; a missed one would serve stale prices
// (docs/decisions/catalogue-cache.md). Goods writes are not among them: they go through the
// catalogue change log, which the caches follow (docs/decisions/catalogue-change-log.md).
const GOODS_WRITES = /^\/api\/admin\/goods(\/|$)/;
adminRoutes.use('*', async (c, next) => {
  await next();
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400 || GOODS_WRITES.test(c.req.path)) return;
  forgetCatalogueCaches(c.get('deps'));
});
adminRoutes.route('/', adminAuthRoutes);
adminRoutes.route('/', adminDashboardRoutes);
adminRoutes.route('/companies', adminCompanyRoutes);
adminRoutes.route('/', adminOperatorRoutes);
adminRoutes.route('/transfers', adminTransferRoutes);
adminRoutes.route('/orders', adminOrderRoutes);
adminRoutes.route('/after_sales', adminAfterSaleRoutes);
adminRoutes.route('/invoices', adminInvoiceRoutes);
adminRoutes.route('/coupons', adminCouponRoutes);
adminRoutes.route('/draws', adminDrawRoutes);
adminRoutes.route('/promotions', adminPromotionRoutes);
adminRoutes.route('/promotion-rules', adminPromotionRuleRoutes);
adminRoutes.route('/points-goods', adminPointsGoodsRoutes);
adminRoutes.route('/', adminWalletRoutes);
adminRoutes.route('/companies', adminStoreRelationRoutes);
adminRoutes.route('/me', adminOwnAccountRoutes);
adminRoutes.route('/', adminOperatorAccountRoutes);
// Before the goods routes: `/goods/file/…` is not a goods id.
adminRoutes.route('/goods/file', adminCatalogueFileRoutes);
adminRoutes.route('/goods', adminGoodsRoutes);
adminRoutes.route('/catalogue', adminCatalogueRoutes);
adminRoutes.route('/articles', adminArticleRoutes);
adminRoutes.route('/settings', adminSettingsRoutes);
adminRoutes.route('/site-lists', adminSiteListRoutes);
adminRoutes.route('/content_images', adminContentImageRoutes);
adminRoutes.route('/chat', adminChatRoutes);
adminRoutes.route('/exchange_promotions', adminExchangeRoutes);
adminRoutes.route('/product_requests', adminProductRequestRoutes);
adminRoutes.route('/feedback', adminFeedbackRoutes);
adminRoutes.route('/buyer_messages', adminBuyerMessageRoutes);
adminRoutes.route('/integration-clients', adminIntegrationClientRoutes);
