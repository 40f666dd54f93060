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
import { parsePromotionSearch, promotionListQuery } from '../api/promotions.ts';
import { PromotionsPage } from '../pages/promotions/promotions-page.tsx';
import { ExchangePromotionsPage } from '../pages/exchange-promotions/exchange-promotions-page.tsx';
import { exchangePromotionListQuery, parseExchangeSearch } from '../api/exchange-promotions.ts';
import { safeInternalHref } from '../../../src/domain/safe-href.ts';
import { mayOpen } from '../../../src/domain/operator-roles.ts';

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
    if (mayOpen(context.me.role, 'promotions')) void context.queryClient.prefetchQuery(promotionListQuery(deps));
  },
  component: PromotionsPage,
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

const routeTree = rootRoute.addChildren([
  loginRoute,
  consoleRoute.addChildren([dashboardRoute, companiesRoute, companyRoute, transfersRoute, ordersRoute, orderRoute, afterSalesRoute, invoicesRoute, couponsRoute, operatorsRoute, auditRoute, drawsRoute, promotionsRoute, exchangePromotionsRoute]),
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
