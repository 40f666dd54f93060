// The console's routes under /admin. /login is open; everything else sits under the `console`
// layout, whose beforeLoad asks the server who is signed in and sends anyone else to /login
// (coming back afterwards). Each page's loader starts its query, so data and code load together.
import type { ReactNode } from 'react';
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
import { IntegrationClientsPage } from '../pages/integration-clients/integration-clients-page.tsx';
import { integrationClientListQuery } from '../api/integration-clients.ts';
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
import { CatalogueFilePage } from '../pages/catalogue-file/catalogue-file-page.tsx';
import { GoodsCreatePage } from '../pages/goods-create/goods-create-page.tsx';
import { CataloguePage } from '../pages/catalogue/catalogue-page.tsx';
import { BrandsPage } from '../pages/brands/brands-page.tsx';
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
import {
  feedbackListQuery,
  parseFeedbackSearch,
  parseProductRequestSearch,
  productRequestListQuery,
  sentBuyerMessagesQuery,
} from '../api/buyer-service.ts';
import { safeInternalHref } from '@domain/safe-href.ts';
import { mayOpen, type ConsoleArea } from '@domain/operator-roles.ts';

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
    // Production, no TOTP yet: the session can only enrol one (我的账号); the server refuses the rest.
    if (me.totp_enrolment_required && location.pathname !== '/account') throw redirect({ to: '/account' });
    return { me };
  },
  component: ConsoleShell,
});

/** A list page under the console: its search lives in the URL; the list is prefetched for a role that may open it. */
function listRoute<TSearch extends object>(
  path: string,
  validateSearch: (raw: Record<string, unknown>) => TSearch,
  area: ConsoleArea,
  prefetch: (queryClient: QueryClient, search: TSearch) => unknown,
  component: () => ReactNode,
) {
  return createRoute({
    getParentRoute: () => consoleRoute,
    path,
    validateSearch,
    loaderDeps: ({ search }) => search as TSearch,
    loader: ({ context, deps }) => {
      if (mayOpen(context.me.role, area)) void prefetch(context.queryClient, deps);
    },
    component,
  });
}

/** A page under the console without a search: its data is prefetched for a role that may open it. */
function pageRoute(
  path: string,
  area: ConsoleArea,
  prefetch: (queryClient: QueryClient) => unknown,
  component: () => ReactNode,
) {
  return createRoute({
    getParentRoute: () => consoleRoute,
    path,
    loader: ({ context }) => {
      if (mayOpen(context.me.role, area)) void prefetch(context.queryClient);
    },
    component,
  });
}

/** A path's record id: a number of up to nine digits, else 0 (the page says it is not found). */
function numberParam<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>) =>
      ({ [key]: /^\d{1,9}$/.test(raw[key]) ? Number(raw[key]) : 0 }) as Record<K, number>,
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}

const dashboardRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/',
  loader: ({ context }) => void context.queryClient.prefetchQuery(dashboardQuery),
  component: DashboardPage,
});

const companiesRoute = listRoute(
  '/companies',
  parseCompanySearch,
  'companiesRead',
  (queryClient, search) => queryClient.prefetchQuery(companyListQuery(search)),
  CompaniesPage,
);

const companyRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/companies/$companyId',
  params: numberParam('companyId'),
  loader: ({ context, params }) => {
    if (params.companyId > 0 && mayOpen(context.me.role, 'companiesRead'))
      void context.queryClient.prefetchQuery(companyQuery(params.companyId));
    if (params.companyId > 0 && mayOpen(context.me.role, 'companiesRead'))
      void context.queryClient.prefetchQuery(storeRelationsQuery(params.companyId));
    if (params.companyId > 0 && mayOpen(context.me.role, 'wallet'))
      void context.queryClient.prefetchQuery(companyWalletQuery(params.companyId));
  },
  component: CompanyPage,
});

const transfersRoute = listRoute(
  '/transfers',
  parseTransferSearch,
  'transfers',
  (queryClient, search) => queryClient.prefetchQuery(transferListQuery(search.page)),
  TransfersPage,
);

const ordersRoute = listRoute(
  '/orders',
  parseOrderSearch,
  'ordersRead',
  (queryClient, search) => queryClient.prefetchQuery(orderListQuery(search)),
  OrdersPage,
);

const orderRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/orders/$orderId',
  params: numberParam('orderId'),
  loader: ({ context, params }) => {
    if (params.orderId > 0 && mayOpen(context.me.role, 'ordersRead'))
      void context.queryClient.prefetchQuery(orderQuery(params.orderId));
  },
  component: OrderPage,
});

const afterSalesRoute = listRoute(
  '/after-sales',
  parseAfterSaleSearch,
  'afterSalesRead',
  (queryClient, search) => queryClient.prefetchQuery(afterSaleListQuery(search)),
  AfterSalesPage,
);

const invoicesRoute = listRoute(
  '/invoices',
  parseInvoiceSearch,
  'invoices',
  (queryClient, search) => queryClient.prefetchQuery(invoiceListQuery(search)),
  InvoicesPage,
);

const couponsRoute = listRoute(
  '/coupons',
  parseCouponSearch,
  'promotions',
  (queryClient, search) => queryClient.prefetchQuery(couponListQuery(search.page)),
  CouponsPage,
);

const operatorsRoute = pageRoute(
  '/operators',
  'operators',
  (queryClient) => queryClient.prefetchQuery(operatorListQuery),
  OperatorsPage,
);

const integrationClientsRoute = pageRoute(
  '/integration-clients',
  'integrationClients',
  (queryClient) => queryClient.prefetchQuery(integrationClientListQuery),
  IntegrationClientsPage,
);

const auditRoute = listRoute(
  '/audit',
  parseAuditSearch,
  'operators',
  (queryClient, search) => queryClient.prefetchQuery(auditQuery(search)),
  AuditPage,
);

const drawsRoute = pageRoute('/draws', 'draws', (queryClient) => queryClient.prefetchQuery(drawListQuery), DrawsPage);

const promotionsRoute = listRoute(
  '/promotions',
  parsePromotionSearch,
  'promotions',
  (queryClient, search) => prefetchPromotionTab(queryClient, search),
  PromotionsPage,
);

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

// Declared before /goods/$goodsId's number check matters: 'import' and 'new' are not goods numbers.
const goodsImportRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/goods/import',
  component: GoodsImportPage,
});

// The goods list's filters travel along (?q=&category=…) so the export takes them.
const catalogueFileRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/goods/file',
  validateSearch: (raw: Record<string, unknown>) => {
    const { q, category, on_sale, stock, flag } = parseGoodsSearch(raw);
    return { q, category, on_sale, stock, flag };
  },
  component: CatalogueFilePage,
});

const goodsCreateRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/goods/new',
  component: GoodsCreatePage,
});

const catalogueRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/catalogue',
  component: CataloguePage,
});

const brandsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/brands',
  component: BrandsPage,
});

const goodsEditorRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/goods/$goodsId',
  params: numberParam('goodsId'),
  loader: ({ context, params }) => {
    if (params.goodsId > 0 && mayOpen(context.me.role, 'goods'))
      void context.queryClient.prefetchQuery(goodsQuery(params.goodsId));
  },
  component: GoodsEditorPage,
});

const articlesRoute = listRoute(
  '/articles',
  parseArticleSearch,
  'content',
  (queryClient, search) => queryClient.prefetchQuery(articleListQuery(search)),
  ArticlesPage,
);

const newArticleRoute = pageRoute(
  '/articles/new',
  'content',
  (queryClient) => queryClient.prefetchQuery(articleCategoriesQuery),
  ArticlePage,
);

const articleRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/articles/$articleId',
  params: numberParam('articleId'),
  loader: ({ context, params }) => {
    if (!mayOpen(context.me.role, 'content')) return;
    void context.queryClient.prefetchQuery(articleCategoriesQuery);
    if (params.articleId > 0) void context.queryClient.prefetchQuery(articleQuery(params.articleId));
  },
  component: ArticlePage,
});

const settingsRoute = pageRoute(
  '/settings',
  'settings',
  (queryClient) => queryClient.prefetchQuery(siteSettingsQuery),
  SettingsPage,
);

const siteListsRoute = listRoute(
  '/site-lists',
  parseSiteListSearch,
  'content',
  (queryClient, search) => queryClient.prefetchQuery(siteListQuery(search)),
  SiteListsPage,
);

const chatRoute = listRoute(
  '/chat',
  parseChatSearch,
  'chat',
  (queryClient, search) => queryClient.prefetchQuery(conversationListQuery(search.status)),
  ChatPage,
);

const exchangePromotionsRoute = listRoute(
  '/exchange-promotions',
  parseExchangeSearch,
  'promotions',
  (queryClient, search) => queryClient.prefetchQuery(exchangePromotionListQuery(search.page)),
  ExchangePromotionsPage,
);

const productRequestsRoute = listRoute(
  '/product-requests',
  parseProductRequestSearch,
  'productRequests',
  (queryClient, search) => queryClient.prefetchQuery(productRequestListQuery(search)),
  ProductRequestsPage,
);

const feedbackRoute = listRoute(
  '/feedback',
  parseFeedbackSearch,
  'feedback',
  (queryClient, search) => queryClient.prefetchQuery(feedbackListQuery(search)),
  FeedbackPage,
);

const buyerMessagesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/buyer-messages',
  validateSearch: (raw: Record<string, unknown>): { page?: number } => {
    const n = Number(raw.page);
    return Number.isInteger(n) && n > 1 && n <= 100_000 ? { page: n } : {};
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (mayOpen(context.me.role, 'buyerMessages'))
      void context.queryClient.prefetchQuery(sentBuyerMessagesQuery(deps.page ?? 1));
  },
  component: BuyerMessagesPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  consoleRoute.addChildren([
    dashboardRoute,
    companiesRoute,
    companyRoute,
    transfersRoute,
    ordersRoute,
    orderRoute,
    afterSalesRoute,
    invoicesRoute,
    couponsRoute,
    operatorsRoute,
    auditRoute,
    drawsRoute,
    promotionsRoute,
    goodsRoute,
    goodsImportRoute,
    catalogueFileRoute,
    goodsCreateRoute,
    catalogueRoute,
    brandsRoute,
    goodsEditorRoute,
    accountRoute,
    articlesRoute,
    newArticleRoute,
    articleRoute,
    settingsRoute,
    siteListsRoute,
    chatRoute,
    exchangePromotionsRoute,
    productRequestsRoute,
    feedbackRoute,
    buyerMessagesRoute,
    integrationClientsRoute,
  ]),
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
