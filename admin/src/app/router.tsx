// The console's routes under /admin. /login is open; everything else sits under the `console`
// layout, whose beforeLoad asks the server who is signed in and sends anyone else to /login
// (coming back afterwards). Each page's loader starts its query, so data and code load together.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, Outlet, redirect } from '@tanstack/react-router';
import { meQuery } from '../api/session.ts';
import { dashboardQuery } from '../api/dashboard.ts';
import { companyListQuery, companyQuery } from '../api/companies.ts';
import { parseCompanySearch } from '../api/company-search.ts';
import { ConsoleShell } from './console-shell.tsx';
import { LoginPage } from '../pages/login/login-page.tsx';
import { DashboardPage } from '../pages/dashboard/dashboard-page.tsx';
import { CompaniesPage } from '../pages/companies/companies-page.tsx';
import { CompanyPage } from '../pages/company/company-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { TransfersPage } from '../pages/transfers/transfers-page.tsx';
import { CouponsPage } from '../pages/coupons/coupons-page.tsx';
import { OperatorsPage } from '../pages/operators/operators-page.tsx';
import { AuditPage } from '../pages/audit/audit-page.tsx';
import { DrawsPage } from '../pages/draws/draws-page.tsx';
import { drawListQuery } from '../api/draws.ts';
import { auditQuery, operatorListQuery, parseAuditSearch } from '../api/operators.ts';
import { parseTransferSearch, transferListQuery } from '../api/transfers.ts';
import { OrdersPage } from '../pages/orders/orders-page.tsx';
import { OrderPage } from '../pages/order/order-page.tsx';
import { AfterSalesPage } from '../pages/after-sales/after-sales-page.tsx';
import { InvoicesPage } from '../pages/invoices/invoices-page.tsx';
import { orderListQuery, orderQuery } from '../api/orders.ts';
import { parseOrderSearch } from '../api/order-search.ts';
import { afterSaleListQuery, parseAfterSaleSearch } from '../api/after-sales.ts';
import { invoiceListQuery, parseInvoiceSearch } from '../api/invoices.ts';
import { couponListQuery, parseCouponSearch } from '../api/coupons.ts';
import { parsePromotionSearch, prefetchPromotionTab } from '../api/promotions.ts';
import { PromotionsPage } from '../pages/promotions/promotions-page.tsx';
import { AccountPage } from '../pages/account/account-page.tsx';
import { companyWalletQuery } from '../api/wallet.ts';
import { storeRelationsQuery } from '../api/store-relations.ts';
import { goodsCategoriesQuery, goodsListQuery, goodsQuery } from '../api/goods.ts';
import { parseGoodsSearch } from '../api/goods-search.ts';
import { GoodsPage } from '../pages/goods/goods-page.tsx';
import { GoodsEditorPage } from '../pages/goods-editor/goods-editor-page.tsx';
import { GoodsImportPage } from '../pages/goods-import/goods-import-page.tsx';
import { articleCategoriesQuery, articleListQuery, articleQuery, parseArticleSearch } from '../api/articles.ts';
import { siteSettingsQuery } from '../api/site-settings.ts';
import { ArticlesPage } from '../pages/articles/articles-page.tsx';
import { ArticlePage } from '../pages/article/article-page.tsx';
import { SettingsPage } from '../pages/settings/settings-page.tsx';
import { parseSiteListSearch, siteListQuery } from '../api/site-lists.ts';
import { SiteListsPage } from '../pages/site-lists/site-lists-page.tsx';
import { ChatPage } from '../pages/chat/chat-page.tsx';
import { conversationListQuery, parseChatSearch } from '../api/chat.ts';
import { ExchangePromotionsPage } from '../pages/exchange-promotions/exchange-promotions-page.tsx';
import { exchangePromotionListQuery, parseExchangeSearch } from '../api/exchange-promotions.ts';
import { ProductRequestsPage } from '../pages/product-requests/product-requests-page.tsx';
import { FeedbackPage } from '../pages/feedback/feedback-page.tsx';
import { BuyerMessagesPage } from '../pages/buyer-messages/buyer-messages-page.tsx';
import { feedbackListQuery, parseFeedbackSearch, parseProductRequestSearch, productRequestListQuery, sentBuyerMessagesQuery } from '../api/buyer-service.ts';
import { safeInternalHref } from '@domain/safe-href.ts';
import { mayOpen } from '@domain/operator-roles.ts';

interface ConsoleContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<ConsoleContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (raw: Record<string, unknown>): { redirect?: string } => {
    const target = safeInternalHref(raw.redirect);
    return target && !target.startsWith('/login') ? { redirect: target } : {};
  },
  component: LoginPage,
});

const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    if (!me) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { me };
  },
  component: ConsoleShell,
});

const dashboardRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/',
  loader: ({ context }) => void context.queryClient.prefetchQuery(dashboardQuery),
  component: DashboardPage,
});

const companiesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/companies',
  validateSearch: parseCompanySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'companiesRead')) void context.queryClient.prefetchQuery(companyListQuery(deps));
  },
  component: CompaniesPage,
});

const companyRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/companies/$companyId',
  params: {
    parse: ({ companyId }) => ({ companyId: /^\d{1,9}$/.test(companyId) ? Number(companyId) : 0 }),
    stringify: ({ companyId }) => ({ companyId: String(companyId) }),
  },
  loader: ({ context, params }) => {
    if (params.companyId > 0 && mayOpen(context.me.role, 'companiesRead')) void context.queryClient.prefetchQuery(companyQuery(params.companyId));
    if (params.companyId > 0 && mayOpen(context.me.role, 'companiesRead')) void context.queryClient.prefetchQuery(storeRelationsQuery(params.companyId));
    if (params.companyId > 0 && mayOpen(context.me.role, 'wallet')) void context.queryClient.prefetchQuery(companyWalletQuery(params.companyId));
  },
  component: CompanyPage,
});

const transfersRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/transfers',
  validateSearch: parseTransferSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'transfers')) void context.queryClient.prefetchQuery(transferListQuery(deps.page));
  },
  component: TransfersPage,
});

const ordersRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/orders',
  validateSearch: parseOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'ordersRead')) void context.queryClient.prefetchQuery(orderListQuery(deps));
  },
  component: OrdersPage,
});

const orderRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/orders/$orderId',
  params: {
    parse: ({ orderId }) => ({ orderId: /^\d{1,9}$/.test(orderId) ? Number(orderId) : 0 }),
    stringify: ({ orderId }) => ({ orderId: String(orderId) }),
  },
  loader: ({ context, params }) => {
    if (params.orderId > 0 && mayOpen(context.me.role, 'ordersRead')) void context.queryClient.prefetchQuery(orderQuery(params.orderId));
  },
  component: OrderPage,
});

const afterSalesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/after-sales',
  validateSearch: parseAfterSaleSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'afterSalesRead')) void context.queryClient.prefetchQuery(afterSaleListQuery(deps));
  },
  component: AfterSalesPage,
});

const invoicesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/invoices',
  validateSearch: parseInvoiceSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'invoices')) void context.queryClient.prefetchQuery(invoiceListQuery(deps));
  },
  component: InvoicesPage,
});

const couponsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/coupons',
  validateSearch: parseCouponSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'promotions')) void context.queryClient.prefetchQuery(couponListQuery(deps.page));
  },
  component: CouponsPage,
});

const operatorsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/operators',
  loader: ({ context }) => {
    if (mayOpen(context.me.role, 'operators')) void context.queryClient.prefetchQuery(operatorListQuery);
  },
  component: OperatorsPage,
});

const auditRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/audit',
  validateSearch: parseAuditSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'operators')) void context.queryClient.prefetchQuery(auditQuery(deps));
  },
  component: AuditPage,
});

const drawsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/draws',
  loader: ({ context }) => {
    if (mayOpen(context.me.role, 'draws')) void context.queryClient.prefetchQuery(drawListQuery);
  },
  component: DrawsPage,
});

const promotionsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/promotions',
  validateSearch: parsePromotionSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'promotions')) prefetchPromotionTab(context.queryClient, deps);
  },
  component: PromotionsPage,
});

const accountRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/account',
  component: AccountPage,
});

const goodsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/goods',
  validateSearch: parseGoodsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!mayOpen(context.me.role, 'goods')) return;
    void context.queryClient.prefetchQuery(goodsListQuery(deps));
    void context.queryClient.prefetchQuery(goodsCategoriesQuery);
  },
  component: GoodsPage,
});

// Declared before /goods/$goodsId's number check matters: 'import' is not a goods number.
const goodsImportRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/goods/import',
  component: GoodsImportPage,
});

const goodsEditorRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/goods/$goodsId',
  params: {
    parse: ({ goodsId }) => ({ goodsId: /^\d{1,9}$/.test(goodsId) ? Number(goodsId) : 0 }),
    stringify: ({ goodsId }) => ({ goodsId: String(goodsId) }),
  },
  loader: ({ context, params }) => {
    if (params.goodsId > 0 && mayOpen(context.me.role, 'goods')) void context.queryClient.prefetchQuery(goodsQuery(params.goodsId));
  },
  component: GoodsEditorPage,
});

const articlesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/articles',
  validateSearch: parseArticleSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'content')) void context.queryClient.prefetchQuery(articleListQuery(deps));
  },
  component: ArticlesPage,
});

const newArticleRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/articles/new',
  loader: ({ context }) => {
    if (mayOpen(context.me.role, 'content')) void context.queryClient.prefetchQuery(articleCategoriesQuery);
  },
  component: ArticlePage,
});

const articleRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/articles/$articleId',
  params: {
    parse: ({ articleId }) => ({ articleId: /^\d{1,9}$/.test(articleId) ? Number(articleId) : 0 }),
    stringify: ({ articleId }) => ({ articleId: String(articleId) }),
  },
  loader: ({ context, params }) => {
    if (!mayOpen(context.me.role, 'content')) return;
    void context.queryClient.prefetchQuery(articleCategoriesQuery);
    if (params.articleId > 0) void context.queryClient.prefetchQuery(articleQuery(params.articleId));
  },
  component: ArticlePage,
});

const settingsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/settings',
  loader: ({ context }) => {
    if (mayOpen(context.me.role, 'content')) void context.queryClient.prefetchQuery(siteSettingsQuery);
  },
  component: SettingsPage,
});

const siteListsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/site-lists',
  validateSearch: parseSiteListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'content')) void context.queryClient.prefetchQuery(siteListQuery(deps));
  },
  component: SiteListsPage,
});

const chatRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/chat',
  validateSearch: parseChatSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'chat')) void context.queryClient.prefetchQuery(conversationListQuery(deps.status));
  },
  component: ChatPage,
});

const exchangePromotionsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/exchange-promotions',
  validateSearch: parseExchangeSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'promotions')) void context.queryClient.prefetchQuery(exchangePromotionListQuery(deps.page));
  },
  component: ExchangePromotionsPage,
});

const productRequestsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/product-requests',
  validateSearch: parseProductRequestSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'productRequests')) void context.queryClient.prefetchQuery(productRequestListQuery(deps));
  },
  component: ProductRequestsPage,
});

const feedbackRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/feedback',
  validateSearch: parseFeedbackSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'feedback')) void context.queryClient.prefetchQuery(feedbackListQuery(deps));
  },
  component: FeedbackPage,
});

const buyerMessagesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/buyer-messages',
  validateSearch: (raw: Record<string, unknown>): { page?: number } => {
    const n = Number(raw.page);
    return Number.isInteger(n) && n > 1 && n <= 100_000 ? { page: n } : {};
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'buyerMessages')) void context.queryClient.prefetchQuery(sentBuyerMessagesQuery(deps.page ?? 1));
  },
  component: BuyerMessagesPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  consoleRoute.addChildren([dashboardRoute, companiesRoute, companyRoute, transfersRoute, ordersRoute, orderRoute, afterSalesRoute, invoicesRoute, couponsRoute, operatorsRoute, auditRoute, drawsRoute, promotionsRoute, goodsRoute, goodsImportRoute, goodsEditorRoute, accountRoute, articlesRoute, newArticleRoute, articleRoute, settingsRoute, siteListsRoute, chatRoute, exchangePromotionsRoute, productRequestsRoute, feedbackRoute, buyerMessagesRoute]),
]);

export function createConsoleRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: '/admin',
    context: { queryClient },
    defaultPreload: 'intent',
    // The loaders only start queries; the pages read them through react-query.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;
