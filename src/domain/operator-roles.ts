// Operator console roles (issue 18): one role per operator account. The server checks them on
// every admin endpoint; the console uses the labels and hides what a role cannot open.
export const OPERATOR_ROLES = ['admin', 'reviewer', 'finance', 'warehouse', 'operations', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  admin: '管理员',
  reviewer: '审核',
  finance: '财务',
  warehouse: '仓库',
  operations: '运营',
  support: '客服',
};

export const isOperatorRole = (v: unknown): v is OperatorRole =>
  typeof v === 'string' && (OPERATOR_ROLES as readonly string[]).includes(v);

/** Who may do what; 管理员 is in every list. The server's route guards use these lists. */
export const CONSOLE_ACCESS = {
  /** The dashboard's counts: every operator. */
  dashboard: OPERATOR_ROLES,
  /** Reading companies and their qualification files. */
  companiesRead: ['admin', 'reviewer', 'finance', 'support'],
  /** Approving or rejecting registrations and renewals, rank, staff, flags, business scope. */
  companiesReview: ['admin', 'reviewer'],
  /** 对公转账 waiting for the money: the list and the confirmation. */
  transfers: ['admin', 'finance'],
  /** Reading orders (list, detail). */
  ordersRead: ['admin', 'warehouse', 'finance', 'support'],
  /** Shipping, completing, the 随货同行单 and the picking list: the warehouse. */
  ordersShip: ['admin', 'warehouse'],
  /** Cancelling a paid order with its refund. */
  ordersRefund: ['admin', 'finance'],
  /** Reading after-sales requests. */
  afterSalesRead: ['admin', 'support', 'finance', 'warehouse'],
  /** After-sales intake: accept, reject with a reason, receive returned goods, close an exchange. */
  afterSalesIntake: ['admin', 'support'],
  /** Giving an after-sale's money back (to the balance or through the gateway). */
  afterSalesRefund: ['admin', 'finance'],
  /** Invoice requests: the list, issuing, rejecting. */
  invoices: ['admin', 'finance'],
  /** Operator accounts, their TOTP, the audit log. */
  operators: ['admin'],
  /** Promotions (flash sales, group buys …) and the coupons of 领券中心: create, schedule, limit, stop. */
  promotions: ['admin', 'operations'],
  /** Lucky draws: create and schedule, prize weights and stock, stop and resume. */
  draws: ['admin', 'operations'],
  /** A company's wallet: reading it, balance adjustments, coupon and cash-voucher grants. */
  wallet: ['admin', 'finance'],
  /** Linking a store company to a head office and unlinking it (多门店). */
  storeRelations: ['admin', 'reviewer'],
  /** Goods: the list, the editor (prices, stock, limits, flags, batches and their reports), the bulk price/stock import. */
  goods: ['admin', 'operations'],
  /** Articles (help, news, announcements), the site lists and the site settings that move no money (shipping, footer). */
  content: ['admin', 'operations'],
  /**
   * Money settings: the 对公转账 account buyers pay into and the payment window. Changing one also
   * needs a fresh TOTP code of the operator's own (docs/decisions/money-settings.md).
   */
  moneySettings: ['admin', 'finance'],
  /** Opening 站点设置: those who change any of its settings. */
  settings: ['admin', 'operations', 'finance'],
  /** The customer-service chat: answering, transferring and closing conversations. */
  chat: ['admin', 'support'],
  /** 品种求购: reading and answering buyers' product requests; 运营 too, as they list the goods. */
  productRequests: ['admin', 'support', 'operations'],
  /** 意见反馈 / 投诉建议: reading (with screenshots) and replying. */
  feedback: ['admin', 'support'],
  /** Messages (公告) operators send to one, several or all approved companies. */
  buyerMessages: ['admin', 'support'],
  /** ERP integration clients (对接凭证): create, rotate, revoke, their call log (issue 34). */
  integrationClients: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type ConsoleArea = keyof typeof CONSOLE_ACCESS;

export const mayOpen = (role: OperatorRole, area: ConsoleArea): boolean =>
  (CONSOLE_ACCESS[area] as readonly OperatorRole[]).includes(role);
