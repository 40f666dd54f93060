// The route manifest: one row per SPEC §2 route. The router (tree.tsx) is built from it, the
// shell reads the flags of the matched row, the tests walk it. Read a row to answer
// "what happens at /yhq?".
//
// Reading of SPEC §2 (decisions, see also the report in docs):
// - Paths use TanStack syntax: `:id` → `$id`, `:id?` → `{-$id}`.
// - Paths are absolute, as SPEC writes them. SPEC's nested children with a bare segment
//   (`/zhzx` → `/basic`, `/zzfw` → `/kjcg`, `/order` → `/jfdd` …) come from a router where a child
//   path that starts with `/` is absolute, so the URL of "basic info" is `/basic`, not
//   `/zhzx/basic`. We keep exactly those URLs and invent no nested variants.
// - A SPEC parent (`/zhzx`, `/wdqb`, `/list` …) is a pathless `layout` row that wraps its
//   children (a place for the account-centre menu, the help tree …). Its own URL is served by its
//   default child, which lists the parent path as an alias (SPEC: "/basic (…, default)").
//   Where SPEC names no default we pick the first child (wallet → 余额管理, help → 会员注册).
// - Where SPEC gives only a name and an alias (list_index alias /list), the canonical path is
//   the name as a path (`/list_index`), following the siblings SPEC does spell out
//   (`/list_info/:id`, `/yx_table`, `/wdqb_yhq`); cart step1 follows its siblings
//   `/cart/step2`, `/cart/step4` → `/cart/step1`.
// - Aliases render the same page so URLs stay as typed; only SPEC's "redirects" redirect.
// - `/activity/:url?/:url1?/:url2?` → `/loading/activity?url=/<url>/<url1>/<url2>`; the activity
//   loading page follows that path when it is one of ours, else shows "activity not found".
import { listSearchSchema, NEWEST_FIRST } from '../domain/list-search';
import { loginSearch } from '../features/auth/redirect-target';
import { cartLinesSearch, orderIdSearch } from '../features/checkout/checkout-search-schema';
import { favoritesSearch } from '../features/favorites/favorites-search-schema';
import { dzfpSearch } from '../features/invoices/dzfp-search';
import { messagesSearch } from '../features/messages/messages-search-schema';
import { quickPurchaseSearch } from '../features/quick-purchase/quick-purchase-search';
import { storesSearch } from '../features/stores/stores-search';
import { feedbackSearch } from '../features/feedback/feedback-search';
import { goodsAlertsSearch } from '../features/goods-alerts/goods-alerts-search';
import {
  requestDetailSearch,
  requestFormSearch,
  requestListSearch,
} from '../features/product-requests/product-request-search';
import { orderDetailSearch, orderListSearch, orderPageSearch } from '../features/orders/order-search-schema';
import { balanceLedgerSearch, couponSearch, pointsLedgerSearch } from '../features/wallet/wallet-search-schema';
import { qualityReportsSearch } from '../features/quality-reports/quality-reports-search';
import { combinationsSearch } from '../features/combinations/combinations-search';
import { pointsMallSearch } from '../features/points-mall/points-mall-search';
import { drawRecordsSearch } from '../features/lucky-draw/draw-search';
import { loadCart } from './loaders/cart';
import {
  brandData,
  categoryListData,
  goodsListData,
  loadBrands,
  loadGoodsDetail,
  loadHome,
  searchResultsData,
} from './loaders/catalogue';
import { helpArticleSearch, newsListSearch } from '../domain/article-search';
import type { NewsType } from '../domain/articles';
import { lazyLoader } from './first-screen';
import { storeSearch } from '../features/register/store-search';
import { wechatTicketSearch } from '../features/wechat-binding/ticket-search';
import { activityLoadingSearch, loadingSearch } from './safe-href';
import type { PageModule, RouteDef, RouteLoader, ShellFlags } from './types';

// ---- shell presets --------------------------------------------------------------------------

/** Home: everything, including the expanded category menu and the top-right ad. */
const HOME: ShellFlags = {
  header: true,
  loginHeader: false,
  footer: true,
  sideBar: true,
  categoryMenu: true,
  nav: true,
  topRightAd: true,
};
/** Shopping pages (catalogue, zones, promotions): nav (with the category drop-down) and the floating side bar;
 * only home pins the category menu open (SPEC §2: "/ home, with category menu and nav"). */
const SHOP: ShellFlags = { ...HOME, topRightAd: false, categoryMenu: false };
/** Member, help and system pages: header with nav, no side bar or category menu. */
const MEMBER: ShellFlags = { ...SHOP, sideBar: false, categoryMenu: false };
/** Cart steps: a focused header; the side cart drawer closes on the cart page anyway. */
const CART: ShellFlags = { ...MEMBER, nav: false };
/** Login, registration and password recovery: the slim login-style header. */
const LOGIN: ShellFlags = { ...CART, header: false, loginHeader: true };
/** Nothing around the page (SPEC: /yx/rule has no header, footer or side bar). */
const BARE: ShellFlags = {
  header: false,
  loginHeader: false,
  footer: false,
  sideBar: false,
  categoryMenu: false,
  nav: false,
  topRightAd: false,
};

// ---- pages ----------------------------------------------------------------------------------

type PageLoader = () => Promise<PageModule>;

const outletLayout: PageLoader = () => import('./outlet-layout');
/** 会员中心, 账户中心, 我的钱包 and 自助服务 share the member menu. */
const memberArea: PageLoader = () => import('./member-area-layout');
/** Every help leaf (and /help) is one page: it reads the leaf from the URL (and `?id=`, helpArticleData). */
const helpArticlePage: PageLoader = () => import('../features/help/help-article-page');

function activityRedirect(params: Readonly<Record<string, string | undefined>>): string {
  const parts = [params.url, params.url1, params.url2].filter((p): p is string => !!p);
  if (parts.length === 0) return '/loading/activity';
  const target = '/' + parts.map(encodeURIComponent).join('/');
  return `/loading/activity?url=${encodeURIComponent(target)}`;
}

// ---- first screens loaded on demand ---------------------------------------------------------
// The order and help centres' loaders (and their api modules) stay out of the first bundle: each
// loads on its route's first call, in parallel with the page's chunk (first-screen.ts lazyLoader).
// Their search schemas stay here: the router needs them synchronously.

type OrderLoaders = typeof import('./loaders/orders');
type HelpLoaders = typeof import('./loaders/help');
type WalletLoaders = typeof import('./loaders/wallet');
const orderLoader = (pick: (m: OrderLoaders) => RouteLoader) => lazyLoader(() => import('./loaders/orders').then(pick));
const helpLoader = (pick: (m: HelpLoaders) => RouteLoader) => lazyLoader(() => import('./loaders/help').then(pick));
const walletLoader = (pick: (m: WalletLoaders) => RouteLoader) =>
  lazyLoader(() => import('./loaders/wallet').then(pick));

const orderListData = { search: orderListSearch, loader: orderLoader((m) => m.loadOrderList) };
const pointsOrdersData = { search: orderPageSearch, loader: orderLoader((m) => m.loadPointsOrders) };
const loadOrderDetail = orderLoader((m) => m.loadOrderDetail);
const helpArticleData = { search: helpArticleSearch, loader: helpLoader((m) => m.loadHelpArticle) };
const newsListData = (code: NewsType) => ({
  search: newsListSearch,
  loader: helpLoader((m) => m.newsListLoader(code)),
});
const loadNewsArticle = helpLoader((m) => m.loadNewsArticle);
type IdentityLoaders = typeof import('./loaders/identity');
const identityLoader = (pick: (m: IdentityLoaders) => RouteLoader) =>
  lazyLoader(() => import('./loaders/identity').then(pick));
const registerStatusData = { loader: identityLoader((m) => m.loadRegisterStatus) };
const storeStepData = { search: storeSearch };
const storeStatusData = { search: storeSearch, loader: identityLoader((m) => m.loadStoreStatus) };
const quickPurchaseData = {
  search: quickPurchaseSearch,
  loader: lazyLoader(() => import('./loaders/quick-purchase').then((m) => m.loadQuickPurchase)),
};
type QualificationLoaders = typeof import('./loaders/qualifications');
const qualificationLoader = (pick: (m: QualificationLoaders) => RouteLoader) =>
  lazyLoader(() => import('./loaders/qualifications').then(pick));
type SelfServiceLoaders = typeof import('./loaders/self-service');
const selfServiceLoader = (pick: (m: SelfServiceLoaders) => RouteLoader) =>
  lazyLoader(() => import('./loaders/self-service').then(pick));
type PromotionLoaders = typeof import('./loaders/promotions');
const promotionLoader = (pick: (m: PromotionLoaders) => RouteLoader) =>
  lazyLoader(() => import('./loaders/promotions').then(pick));
type ActivityLoaders = typeof import('./loaders/activity-pages');
const activityLoader = (pick: (m: ActivityLoaders) => RouteLoader) =>
  lazyLoader(() => import('./loaders/activity-pages').then(pick));
type ActivityPages = typeof import('../features/activity-pages/activity-pages');
const activityPage = (pick: (m: ActivityPages) => PageModule['default']) => () =>
  import('../features/activity-pages/activity-pages').then((m) => ({ default: pick(m) }));

// ---- the rows -------------------------------------------------------------------------------

export const routes: RouteDef[] = [
  // Top level
  { name: 'not_found', path: '/404', title: '页面不存在', shell: MEMBER, page: () => import('./not-found-page') },
  {
    name: 'no_activity',
    path: '/noActivity',
    title: '活动不存在',
    shell: MEMBER,
    page: () => import('./no-activity-page'),
  },
  {
    name: 'home',
    path: '/',
    title: '首页',
    ssr: true,
    shell: HOME,
    page: () => import('../features/home/home-page'),
    loader: loadHome,
  },
  {
    name: 'login',
    path: '/login',
    title: '登录',
    shell: LOGIN,
    page: () => import('../features/auth/login-page'),
    search: loginSearch,
  },
  {
    name: 'loading',
    path: '/loading',
    title: '加载中',
    shell: SHOP,
    page: () => import('./loading-page'),
    search: loadingSearch,
  },
  {
    name: 'jfsc',
    path: '/jfsc',
    title: '积分商城',
    shell: SHOP,
    page: () => import('../features/points-mall/points-mall-page'),
    search: pointsMallSearch,
    loader: lazyLoader(() => import('./loaders/promotion-sets').then((m) => m.loadPointsMall)),
  },
  {
    name: 'list_other',
    path: '/list/other/$id/{-$name}',
    title: '商品列表',
    ssr: true,
    shell: SHOP,
    keepAlive: true,
    page: () => import('../features/catalog/goods-list-page').then((m) => ({ default: m.ListOtherPage })),
    ...categoryListData,
  },
  {
    name: 'loading_activity',
    path: '/loading/activity',
    title: '活动加载中',
    shell: SHOP,
    page: () => import('./loading-page').then((m) => ({ default: m.ActivityLoadingPage })),
    search: activityLoadingSearch,
  },
  {
    name: 'activity',
    path: '/activity/{-$url}/{-$url1}/{-$url2}',
    title: '活动',
    shell: SHOP,
    redirect: activityRedirect,
  },
  {
    name: 'yjh',
    path: '/yjh/{-$id}',
    title: '活动专区',
    shell: SHOP,
    page: activityPage((m) => m.ActivityZonePage),
    loader: activityLoader((m) => m.loadActivityZone),
  },
  {
    name: 'hdzx',
    path: '/Hdzx/$ids/{-$id}',
    title: '活动中心',
    shell: SHOP,
    page: activityPage((m) => m.ActivityCentrePage),
    loader: activityLoader((m) => m.loadActivityCentre),
  },
  {
    name: 'jxqzc',
    path: '/jxqzc',
    title: '近效期专区',
    ssr: true,
    shell: SHOP,
    page: () => import('../features/catalog/zone-pages').then((m) => ({ default: m.JxqZonePage })),
    search: listSearchSchema(),
  },
  {
    name: 'qxzq',
    path: '/qxzq',
    title: '器械专区',
    ssr: true,
    shell: SHOP,
    page: () => import('../features/catalog/zone-pages').then((m) => ({ default: m.QxZonePage })),
    search: listSearchSchema(),
  },
  {
    name: 'zyyp',
    path: '/zyyp',
    title: '中药专区',
    ssr: true,
    shell: SHOP,
    page: () => import('../features/catalog/zone-pages').then((m) => ({ default: m.ZyZonePage })),
    search: listSearchSchema(),
  },
  {
    name: 'kxzq',
    path: '/kxzq',
    title: '控销专区',
    ssr: true,
    shell: SHOP,
    page: () => import('../features/catalog/zone-pages').then((m) => ({ default: m.KxZonePage })),
    search: listSearchSchema(),
  },
  {
    name: 'privacy',
    path: '/privacy',
    title: '隐私政策',
    shell: MEMBER,
    page: () => import('../features/help/privacy-page'),
  },
  { name: 'eleven_index', path: '/eleven_index', title: '首页', shell: HOME, redirect: '/' },

  // Controlled-sales zone
  { name: 'kxzq_new', path: '/kxzq_new', title: '控销专区', shell: SHOP, layout: true, page: outletLayout },
  {
    name: 'kxzq_index',
    path: '/kxzq_index',
    aliases: ['/kxzq/new', '/kxzq_new'],
    parent: 'kxzq_new',
    title: '控销专区',
    shell: SHOP,
    page: () => import('../features/catalog/zone-pages').then((m) => ({ default: m.KxNewZonePage })),
    search: listSearchSchema(NEWEST_FIRST),
  },
  {
    name: 'kxzq_goods',
    path: '/kxzq/goods/$url/{-$ads}',
    parent: 'kxzq_new',
    title: '控销商品',
    shell: SHOP,
    page: () => import('../features/catalog/zone-pages').then((m) => ({ default: m.KxGoodsPage })),
    search: listSearchSchema(),
  },

  // Free-shipping zone (yx=1)
  { name: 'yx', path: '/yx', title: '包邮专区', shell: SHOP, layout: true, page: outletLayout },
  {
    name: 'yx_index',
    path: '/yx_index',
    aliases: ['/yx'],
    parent: 'yx',
    title: '包邮专区',
    shell: SHOP,
    page: () => import('../features/catalog/zone-pages').then((m) => ({ default: m.YxIndexPage })),
    search: listSearchSchema(),
  },
  {
    name: 'yx_table',
    path: '/yx_table',
    aliases: ['/yx/table'],
    parent: 'yx',
    title: '包邮专区',
    shell: SHOP,
    keepAlive: true,
    page: () => import('../features/catalog/zone-pages').then((m) => ({ default: m.YxTablePage })),
    search: listSearchSchema(),
  },
  {
    name: 'yx_rule',
    path: '/yx_rule',
    aliases: ['/yx/rule'],
    parent: 'yx',
    title: '包邮规则',
    shell: BARE,
    page: () => import('../features/catalog/yx-rule-page'),
  },

  // Goods lists
  { name: 'list', path: '/list', title: '商品列表', shell: SHOP, layout: true, page: outletLayout },
  {
    name: 'list_index',
    path: '/list_index',
    aliases: ['/list'],
    parent: 'list',
    title: '商品列表',
    ssr: true,
    shell: SHOP,
    keepAlive: true,
    page: () => import('../features/catalog/goods-list-page'),
    ...goodsListData,
  },
  {
    name: 'list_table',
    path: '/list_table',
    aliases: ['/list/table'],
    parent: 'list',
    title: '商品列表',
    ssr: true,
    shell: SHOP,
    keepAlive: true,
    page: () => import('../features/catalog/goods-list-page').then((m) => ({ default: m.ListTablePage })),
    ...goodsListData,
  },
  {
    name: 'list_no_image',
    path: '/list_no_image',
    aliases: ['/list/no_image'],
    parent: 'list',
    title: '商品列表',
    ssr: true,
    shell: SHOP,
    keepAlive: true,
    page: () => import('../features/catalog/goods-list-page').then((m) => ({ default: m.ListNoImagePage })),
    ...goodsListData,
  },
  {
    name: 'list_info',
    path: '/list_info/$id',
    aliases: ['/list/info/$id'],
    parent: 'list',
    title: '商品详情',
    ssr: true,
    shell: SHOP,
    page: () => import('../features/goods-detail/goods-detail-page'),
    loader: loadGoodsDetail,
  },
  {
    name: 'list_info_pt',
    path: '/list_info_pt/$id',
    aliases: ['/list/info-pt/$id'],
    parent: 'list',
    title: '拼团商品详情',
    ssr: true,
    shell: SHOP,
    page: () => import('../features/goods-detail/group-buy-page'),
    loader: loadGoodsDetail,
  },

  // Search
  { name: 'search', path: '/search', title: '搜索结果', shell: SHOP, layout: true, page: outletLayout },
  {
    name: 'search_index',
    path: '/search_index',
    aliases: ['/search'],
    parent: 'search',
    title: '搜索结果',
    ssr: true,
    shell: SHOP,
    keepAlive: true,
    page: () => import('../features/catalog/search-page'),
    ...searchResultsData,
  },
  {
    name: 'search_table',
    path: '/search_table',
    aliases: ['/search/table'],
    parent: 'search',
    title: '搜索结果',
    ssr: true,
    shell: SHOP,
    keepAlive: true,
    page: () => import('../features/catalog/search-page').then((m) => ({ default: m.SearchTablePage })),
    ...searchResultsData,
  },

  // Brand zone (`/ppzq/{-$page}` also serves `/ppzq` itself)
  { name: 'ppzq', path: '/ppzq', title: '品牌专区', shell: SHOP, layout: true, page: outletLayout },
  {
    name: 'ppzq_index',
    path: '/ppzq_index/{-$page}',
    aliases: ['/ppzq/{-$page}'],
    parent: 'ppzq',
    title: '品牌专区',
    ssr: true,
    shell: SHOP,
    page: () => import('../features/catalog/brand-pages'),
    loader: loadBrands,
  },
  {
    name: 'ppzq_info',
    path: '/ppzq/info/$id/{-$page}',
    parent: 'ppzq',
    title: '品牌详情',
    ssr: true,
    shell: SHOP,
    page: () => import('../features/catalog/brand-pages').then((m) => ({ default: m.BrandInfoPage })),
    ...brandData,
  },

  // Cart flow (step banner 1-4; cart_hm is a payment page, shown as step 3)
  { name: 'cart', path: '/cart', title: '购物车', shell: CART, layout: true, page: outletLayout },
  {
    name: 'step1',
    path: '/cart/step1',
    aliases: ['/cart'],
    parent: 'cart',
    title: '购物车',
    shell: CART,
    step: 1,
    auth: true,
    ssr: true,
    page: () => import('../features/cart/cart-page'),
    loader: loadCart,
  },
  {
    name: 'step2',
    path: '/cart/step2',
    parent: 'cart',
    title: '核对订单信息',
    shell: CART,
    step: 2,
    auth: true,
    page: () => import('../features/checkout/step2-page'),
    search: cartLinesSearch,
  },
  {
    name: 'step3',
    path: '/cart_step3/$id',
    aliases: ['/cart/step3/$id'],
    parent: 'cart',
    title: '支付订单',
    shell: CART,
    step: 3,
    auth: true,
    page: () => import('../features/checkout/step3-page'),
  },
  {
    name: 'step4',
    path: '/cart/step4',
    parent: 'cart',
    title: '支付完成',
    shell: CART,
    step: 4,
    auth: true,
    page: () => import('../features/checkout/step4-page'),
    search: orderIdSearch,
  },
  {
    name: 'cart_hm',
    path: '/cart_hm',
    aliases: ['/cart/hm'],
    parent: 'cart',
    title: '支付订单',
    shell: CART,
    step: 3,
    auth: true,
    page: () => import('../features/checkout/hm-page'),
    search: orderIdSearch,
  },
  // Our built-in demo payment gateway (POST /api/order/{id}/pay method=sandbox answers with its URL).
  {
    name: 'pay_sandbox',
    path: '/pay/sandbox/$paymentId',
    title: '在线支付（沙箱）',
    shell: CART,
    auth: true,
    page: () => import('../features/checkout/sandbox-page'),
  },

  // Password recovery
  { name: 'forget', path: '/forget', title: '忘记密码', shell: LOGIN, redirect: '/forget/step1' },
  {
    name: 'forget_step1',
    path: '/forget_step1',
    aliases: ['/forget/step1'],
    title: '忘记密码',
    shell: LOGIN,
    page: () => import('../features/password-recovery/forget-step1-page'),
  },
  {
    name: 'forget_step2',
    path: '/forget_step2',
    aliases: ['/forget/step2'],
    title: '重置密码',
    shell: LOGIN,
    page: () => import('../features/password-recovery/forget-step2-page'),
  },
  {
    name: 'forget_step3',
    path: '/forget_step3',
    aliases: ['/forget/step3'],
    title: '重置成功',
    shell: LOGIN,
    page: () => import('../features/password-recovery/forget-step3-page'),
  },

  // Registration (login-style header)
  { name: 'register', path: '/register', title: '会员注册', shell: LOGIN, redirect: '/register_index' },
  { name: 'register_index', path: '/register_index', title: '会员注册', shell: LOGIN, redirect: '/register/step1' },
  {
    name: 'register_step1',
    path: '/register/step1',
    title: '会员注册',
    shell: LOGIN,
    page: () => import('../features/register/register-step1-page'),
  },
  {
    name: 'register_step2',
    path: '/register/step2',
    title: '完善企业资料',
    shell: LOGIN,
    auth: true,
    page: () => import('../features/register/register-step2-page'),
    ...registerStatusData,
  },
  {
    name: 'register_step3',
    path: '/register/step3',
    title: '注册成功',
    shell: LOGIN,
    auth: true,
    page: () => import('../features/register/register-step3-page'),
    ...registerStatusData,
  },
  {
    name: 'register_wechat',
    path: '/register/wechat',
    title: '微信注册',
    shell: LOGIN,
    page: () => import('../features/register/register-wechat-page'),
  },
  { name: 'register_dd', path: '/register_dd', title: '多门店注册', shell: LOGIN, redirect: '/register/dd/step1' },
  {
    name: 'register_dd_step1',
    path: '/register/dd/step1',
    title: '多门店注册',
    shell: LOGIN,
    auth: true,
    page: () => import('../features/register/store-step1-page'),
  },
  {
    name: 'register_dd_step2',
    path: '/register/dd/step2',
    title: '完善门店资料',
    shell: LOGIN,
    auth: true,
    page: () => import('../features/register/store-step2-page'),
    ...storeStepData,
  },
  {
    name: 'register_dd_step3',
    path: '/register/dd/step3',
    title: '门店注册成功',
    shell: LOGIN,
    auth: true,
    page: () => import('../features/register/store-step3-page'),
    ...storeStatusData,
  },
  // Ours: the page a WeChat QR code opens (stands in for the WeChat app's authorisation; /bdwx, /register/wechat).
  {
    name: 'wechat_confirm',
    path: '/wechat/confirm',
    title: '微信授权',
    shell: LOGIN,
    page: () => import('../features/wechat-binding/wechat-confirm-page'),
    search: wechatTicketSearch,
  },

  // Member centre
  { name: 'user', path: '/user', title: '会员中心', shell: MEMBER, layout: true, page: memberArea },
  {
    name: 'user_hyzx',
    path: '/user',
    parent: 'user',
    title: '会员中心',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/member-centre/member-centre-page'),
    loader: walletLoader((m) => m.loadMemberCard),
  },
  // SPEC: /user's "other children: not shown". Ours: the company's draws (GET /api/draw/record), where SPEC §8's
  // draw text sends a buyer who closed the popup mid-draw ("check the personal center").
  {
    name: 'user_cjjl',
    path: '/cjjl',
    parent: 'user',
    title: '我的抽奖',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/lucky-draw/draw-records-page'),
    search: drawRecordsSearch,
  },

  // Account centre (SPEC's absolute child paths; /zhzx shows the default child, basic info)
  { name: 'zhzx', path: '/zhzx', title: '账户中心', shell: MEMBER, layout: true, page: memberArea },
  {
    name: 'zhzx_basic',
    path: '/basic',
    aliases: ['/zhzx'],
    parent: 'zhzx',
    title: '基本信息',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/account-basic/basic-page'),
    loader: identityLoader((m) => m.loadBasicInfo),
  },
  {
    name: 'zhzx_zzzj',
    path: '/zzzj',
    parent: 'zhzx',
    title: '资质证件',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/qualifications/certificates-page'),
    loader: qualificationLoader((m) => m.loadCertificates),
  },
  // SPEC §6 quality_inspection: the member's quality-inspection link; SPEC names no route, so it sits in the account centre.
  {
    name: 'zhzx_jybg',
    path: '/jybg',
    parent: 'zhzx',
    title: '药检报告',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/quality-reports/quality-reports-page'),
    search: qualityReportsSearch,
    loader: qualificationLoader((m) => m.loadQualityReports),
  },
  {
    name: 'zhzx_ddgl',
    path: '/ddgl',
    parent: 'zhzx',
    title: '多门店管理',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/stores/stores-page'),
    search: storesSearch,
    loader: lazyLoader(() => import('./loaders/stores').then((m) => m.loadStores)),
  },
  {
    name: 'zhzx_bdwx',
    path: '/bdwx',
    parent: 'zhzx',
    title: '绑定微信',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/wechat-binding/bdwx-page'),
    loader: identityLoader((m) => m.loadWechatBinding),
  },
  {
    name: 'zhzx_addr',
    path: '/addr',
    parent: 'zhzx',
    title: '收货地址',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/addresses/addresses-page'),
  },
  {
    name: 'zhzx_wdxx',
    path: '/wdxx',
    parent: 'zhzx',
    title: '我的消息',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/messages/messages-page'),
    search: messagesSearch,
    loader: lazyLoader(() => import('./loaders/messages').then((m) => m.loadMessages)),
  },

  // Wallet (SPEC names no default child: /wdqb shows balance management)
  { name: 'wdqb', path: '/wdqb', title: '我的钱包', shell: MEMBER, layout: true, page: memberArea },
  {
    name: 'wdqb_yegl',
    path: '/wdqb_yegl',
    aliases: ['/yegl', '/wdqb'],
    parent: 'wdqb',
    title: '余额管理',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/wallet/ledger-page').then((m) => ({ default: m.BalanceLedgerPage })),
    search: balanceLedgerSearch,
    loader: walletLoader((m) => m.loadBalanceLedger),
  },
  {
    name: 'wdqb_jfgl',
    path: '/wdqb_jfgl',
    aliases: ['/jfgl'],
    parent: 'wdqb',
    title: '积分管理',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/wallet/ledger-page').then((m) => ({ default: m.PointsLedgerPage })),
    search: pointsLedgerSearch,
    loader: walletLoader((m) => m.loadPointsLedger),
  },
  {
    name: 'wdqb_yhq',
    path: '/wdqb_yhq',
    aliases: ['/yhq'],
    parent: 'wdqb',
    title: '我的优惠券',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/wallet/coupons-page').then((m) => ({ default: m.CouponsPage })),
    search: couponSearch,
    loader: walletLoader((m) => m.loadCoupons),
  },
  {
    name: 'wdqb_xjq',
    path: '/wdqb_xjq',
    aliases: ['/xjq'],
    parent: 'wdqb',
    title: '我的现金券',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/wallet/coupons-page').then((m) => ({ default: m.VouchersPage })),
    search: couponSearch,
    loader: walletLoader((m) => m.loadVouchers),
  },

  // Order centre
  { name: 'order', path: '/order', title: '订单中心', shell: MEMBER, layout: true, page: outletLayout },
  {
    name: 'order_list',
    path: '/order',
    parent: 'order',
    title: '我的订单',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/orders/orders-page'),
    ...orderListData,
  },
  {
    name: 'order_info',
    path: '/order/info/$id',
    parent: 'order',
    title: '订单详情',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/orders/order-detail-page'),
    search: orderDetailSearch,
    loader: loadOrderDetail,
  },
  {
    name: 'order_return_info',
    path: '/order/returnInfo/$id',
    parent: 'order',
    title: '退货详情',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/orders/after-sale-detail-page'),
  },
  {
    name: 'order_after_sales_info',
    path: '/order/afterSalesInfo/$id',
    parent: 'order',
    title: '售后详情',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/orders/after-sale-detail-page'),
  },
  {
    name: 'order_wl',
    path: '/order/wl/$id',
    parent: 'order',
    title: '物流信息',
    shell: MEMBER,
    redirect: '/order/info/$id',
  },
  {
    name: 'jfdd',
    path: '/jfdd',
    parent: 'order',
    title: '积分订单',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/orders/points-orders-page'),
    ...pointsOrdersData,
  },
  {
    name: 'hmdd',
    path: '/hmdd',
    parent: 'order',
    title: '含麻药品回执单',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/orders/ephedrine-receipts-page'),
    search: orderPageSearch,
  },

  // Promotions
  {
    name: 'ptzq',
    path: '/ptzq',
    title: '拼团专区',
    shell: SHOP,
    page: () => import('../features/group-buy/group-buy-page'),
    loader: lazyLoader(() => import('./loaders/group-buy').then((m) => m.loadGroupBuys)),
  },
  {
    name: 'mrtj',
    path: '/mrtj',
    title: '每日特价',
    shell: SHOP,
    page: () => import('../features/promotions/daily-special-page'),
    loader: promotionLoader((m) => m.loadDailySpecials),
  },
  {
    name: 'hb',
    path: '/hb',
    title: '满额返现',
    shell: SHOP,
    page: () => import('../features/promotions/cashback-page'),
    loader: promotionLoader((m) => m.loadCashback),
  },
  {
    name: 'welfare',
    path: '/welfare',
    title: '全场94折',
    shell: SHOP,
    page: () => import('../features/promotions/welfare-page'),
    loader: promotionLoader((m) => m.loadWelfare),
  },
  {
    name: 'zhzq',
    path: '/zhzq',
    title: '组合购',
    shell: SHOP,
    page: () => import('../features/combinations/combinations-page'),
    search: combinationsSearch,
    loader: lazyLoader(() => import('./loaders/promotion-sets').then((m) => m.loadCombinations)),
  },
  // Ours (SPEC has the home popup and the six /api/draw calls, no route): the draw's own page with its
  // pictures, winners' ticker, rules and the buyer's draws (docs/decisions/lucky-draw.md).
  {
    name: 'xycj',
    path: '/xycj',
    title: '幸运抽奖',
    shell: SHOP,
    auth: true,
    page: () => import('../features/lucky-draw/draw-page'),
  },
  {
    name: 'lqzx',
    path: '/lqzx',
    title: '领券中心',
    shell: SHOP,
    page: () => import('../features/promotions/coupon-centre-page'),
    loader: promotionLoader((m) => m.loadCouponCentre),
  },
  {
    name: 'zqmb',
    path: '/zqmb',
    title: '专区活动',
    shell: SHOP,
    page: activityPage((m) => m.ZoneActivityPage),
    loader: activityLoader((m) => m.activityPageLoader('zqmb')),
  },
  {
    name: 'yyh',
    path: '/yyh',
    title: '月月惠',
    shell: SHOP,
    page: activityPage((m) => m.MonthlyDealsPage),
    loader: activityLoader((m) => m.activityPageLoader('yyh')),
  },
  {
    name: 'yyh_list',
    path: '/yyh/list',
    title: '月月惠商品',
    shell: SHOP,
    page: activityPage((m) => m.MonthlyDealsListPage),
    loader: activityLoader((m) => m.activityPageLoader('yyh', true)),
  },
  {
    name: 'hdmb',
    path: '/hdmb',
    title: '活动专题',
    shell: SHOP,
    page: activityPage((m) => m.ThemeActivityPage),
    loader: activityLoader((m) => m.activityPageLoader('hdmb')),
  },
  {
    name: 'zhmz',
    path: '/zhmz',
    title: '组合满赠',
    shell: SHOP,
    page: activityPage((m) => m.ComboGiftPage),
    loader: activityLoader((m) => m.activityPageLoader('zhmz')),
  },
  {
    name: 'zhmz_list',
    path: '/zhmz/list',
    title: '组合满赠商品',
    shell: SHOP,
    page: activityPage((m) => m.ComboGiftListPage),
    loader: activityLoader((m) => m.activityPageLoader('zhmz', true)),
  },
  // The e-contract (电子合同) that code 459 sends buyers to: signing needs an account.
  {
    name: 'dzht',
    path: '/dzht',
    title: '电子合同',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/e-contract/contract-page'),
    loader: lazyLoader(() => import('./loaders/e-contract').then((m) => m.loadContract)),
  },

  // Self-service (/zzfw shows the default child, the product request list)
  { name: 'zzfw', path: '/zzfw', title: '自助服务', shell: MEMBER, layout: true, page: memberArea },
  {
    name: 'kjcg',
    path: '/kjcg',
    parent: 'zzfw',
    title: '快捷采购',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/quick-purchase/quick-purchase-page'),
    ...quickPurchaseData,
  },
  {
    name: 'pzqg',
    path: '/pzqg',
    aliases: ['/zzfw'],
    parent: 'zzfw',
    title: '品种求购',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/product-requests/product-requests-page'),
    search: requestListSearch,
    loader: selfServiceLoader((m) => m.loadProductRequests),
  },
  {
    name: 'pzqg_add',
    path: '/pzqg/add',
    parent: 'zzfw',
    title: '发布求购',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/product-requests/product-request-form-page'),
    search: requestFormSearch,
  },
  {
    name: 'pzqg_info',
    path: '/pzqg/info',
    parent: 'zzfw',
    title: '求购详情',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/product-requests/product-request-detail-page'),
    search: requestDetailSearch,
    loader: selfServiceLoader((m) => m.loadProductRequest),
  },
  {
    name: 'dzfp',
    path: '/dzfp',
    parent: 'zzfw',
    title: '电子发票',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/invoices/invoices-page'),
    search: dzfpSearch,
  },
  {
    name: 'star',
    path: '/star',
    parent: 'zzfw',
    title: '我的收藏',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/favorites/favorites-page'),
    search: favoritesSearch,
  },
  {
    name: 'yjfk',
    path: '/yjfk',
    parent: 'zzfw',
    title: '意见反馈',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/feedback/feedback-page'),
    search: feedbackSearch,
    loader: selfServiceLoader((m) => m.loadFeedback),
  },
  // Beyond SPEC (issue 19, docs/decisions/goods-alerts.md): the buyer's 到货通知 and 降价提醒 in one list.
  {
    name: 'goods_alerts',
    path: '/alerts',
    parent: 'zzfw',
    title: '到货/降价提醒',
    shell: MEMBER,
    auth: true,
    page: () => import('../features/goods-alerts/goods-alerts-page'),
    search: goodsAlertsSearch,
    loader: selfServiceLoader((m) => m.loadGoodsAlerts),
  },

  // Help centre (/help shows the first article; payment pages also live under /help/pay)
  {
    name: 'help',
    path: '/help',
    title: '帮助中心',
    shell: MEMBER,
    layout: true,
    page: () => import('../features/help/help-layout'),
  },
  {
    name: 'help_xrzn_hyzc',
    path: '/help/xrzn/hyzc',
    aliases: ['/help'],
    parent: 'help',
    title: '会员注册',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_xrzn_gwzn',
    path: '/help/xrzn/gwzn',
    parent: 'help',
    title: '购物指南',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_xrzn_aqgy',
    path: '/help/xrzn/aqgy',
    parent: 'help',
    title: '安全购药',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_fwbz_wzzz',
    path: '/help/fwbz/wzzz',
    parent: 'help',
    title: '网站资质',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_fwbz_yhxy',
    path: '/help/fwbz/yhxy',
    parent: 'help',
    title: '用户协议',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_fwbz_zskf',
    path: '/help/fwbz/zskf',
    parent: 'help',
    title: '专属客服',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_us_tsjy',
    path: '/help/us/tsjy',
    parent: 'help',
    title: '投诉建议',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_us_link',
    path: '/help/us/link',
    parent: 'help',
    title: '联系我们',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'news_hy',
    path: '/news/hy',
    parent: 'help',
    title: '行业资讯',
    shell: MEMBER,
    page: () => import('../features/help/news-list-page'),
    ...newsListData('hy'),
  },
  {
    name: 'news_company',
    path: '/news/company',
    parent: 'help',
    title: '公司新闻',
    shell: MEMBER,
    page: () => import('../features/help/news-list-page'),
    ...newsListData('company'),
  },
  {
    name: 'news_info',
    path: '/news/info/$id/$type',
    parent: 'help',
    title: '资讯详情',
    shell: MEMBER,
    page: () => import('../features/help/news-detail-page'),
    loader: loadNewsArticle,
  },
  {
    name: 'help_zfps_ddzf',
    path: '/help/zfps/ddzf',
    aliases: ['/help/pay/ddzf'],
    parent: 'help',
    title: '订单支付',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_zfps_hwps',
    path: '/help/zfps/hwps',
    aliases: ['/help/pay/hwps'],
    parent: 'help',
    title: '货物配送',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },
  {
    name: 'help_zfps_ypth',
    path: '/help/zfps/ypth',
    aliases: ['/help/pay/ypth'],
    parent: 'help',
    title: '药品退换货',
    ssr: true,
    shell: MEMBER,
    page: helpArticlePage,
    ...helpArticleData,
  },

  // SPEC: any unknown path redirects to /404 (a splat matches only when nothing else does).
  { name: 'catch_all', path: '/$', title: '页面不存在', shell: MEMBER, redirect: () => '/404' },
];

/** Rows by name, for the shell and for links built from names. */
export const routesByName: ReadonlyMap<string, RouteDef> = new Map(routes.map((r) => [r.name, r]));
