// Every /api/admin route, read from the app itself, called as each console role, as a buyer and as
// a visitor: each route declares its access (server/routes/admin/access.ts), each role gets in
// exactly where CONSOLE_ACCESS lets it, and a buyer's session is never an operator's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import {
  afterSales,
  companies,
  invoices,
  orderLines,
  orders,
  qualificationFiles,
  staff,
} from '../../server/db/schema.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { ADMIN_DEMO_TOTP_SECRET, OPERATOR_DEMO_PASSWORD } from '../../server/seed/operators.ts';
import type { Access } from '../../server/routes/admin/access.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../../src/domain/operator-roles.ts';

interface AdminRoute {
  method: string;
  path: string;
  access: Access;
}

let t: TestApp;
const cookies = new Map<OperatorRole, string>();
let buyerCookie: string;
let pendingCompanyId: number;
let fileId: number;
let spareOperatorId: number;
let paidOrderId: number;
let afterSaleId: number;
let invoiceId: number;

/** The declared routes under /api/admin; throws on a route with no access declaration. */
function adminRoutes(): AdminRoute[] {
  const byKey = new Map<string, AdminRoute | null>();
  for (const r of t.app.routes) {
    if (!r.path.startsWith('/api/admin/') || r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const access = (r.handler as { access?: Access }).access;
    if (access !== undefined) byKey.set(key, { method: r.method, path: r.path, access });
    else if (!byKey.has(key)) byKey.set(key, null);
  }
  const undeclared = [...byKey].filter(([, v]) => v === null).map(([k]) => k);
  if (undeclared.length > 0) throw new Error(`admin routes without allow()/signedIn/open: ${undeclared.join(', ')}`);
  // Logging out ends the session the later calls use: last.
  return [...byKey.values()]
    .filter((r): r is AdminRoute => r !== null)
    .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
}

/** Status and envelope code (null for a non-JSON answer such as a file). */
async function hit(method: string, url: string, cookie: string | null | undefined, body: Record<string, string>) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cookie) headers.cookie = cookie;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (hasBody) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await t.app.request(url, {
    method,
    headers,
    body: hasBody ? new URLSearchParams(body).toString() : undefined,
  });
  const text = await res.text();
  let parsed: { code: number; msg: string } | null = null;
  if ((res.headers.get('content-type') ?? '').includes('json'))
    parsed = JSON.parse(text) as { code: number; msg: string };
  return { status: res.status, code: parsed?.code ?? null, msg: parsed?.msg ?? '' };
}

function urlOf(path: string): string {
  return path
    .replace(/\/companies\/:id/, `/companies/${pendingCompanyId}`)
    .replace(':fileId', String(fileId))
    .replace(/\/operators\/:id/, `/operators/${spareOperatorId}`)
    .replace(':orderId', '1')
    .replace(/\/orders\/:id/, `/orders/${paidOrderId}`)
    .replace(/\/after_sales\/:id/, `/after_sales/${afterSaleId}`)
    .replace(/\/invoices\/:id/, `/invoices/${invoiceId}`)
    .replace(/\/goods\/:id/, '/goods/1')
    .replace(':batchId', '1');
}

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  const { hash, salt } = await hashPassword(OPERATOR_DEMO_PASSWORD);
  // TOTP changes on this one must not end the sessions the matrix uses.
  const [spare] = await t.db
    .insert(staff)
    .values({
      name: '备用',
      phone: '13500000099',
      role: 'operator',
      username: 'spare',
      passwordHash: hash,
      passwordSalt: salt,
      consoleRole: 'support',
    })
    .returning({ id: staff.id });
  spareOperatorId = spare.id;
  for (const role of OPERATOR_ROLES) {
    const [row] = await t.db
      .select({ username: staff.username })
      .from(staff)
      .where(and(eq(staff.consoleRole, role), eq(staff.phone, `1350000000${OPERATOR_ROLES.indexOf(role) + 1}`)));
    cookies.set(
      role,
      await operatorSignIn(t, row.username!, role === 'admin' ? { totpSecret: ADMIN_DEMO_TOTP_SECRET } : {}),
    );
  }
  buyerCookie = await t.signIn('demo', 'demo1234');
  const [pending] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.reviewStatus, 'pending'));
  pendingCompanyId = pending.id;
  const [file] = await t.db
    .select({ id: qualificationFiles.id })
    .from(qualificationFiles)
    .where(eq(qualificationFiles.companyId, pendingCompanyId));
  fileId = file.id;
  // Real rows for the orders, after-sales and invoices routes, so an allowed role's call runs.
  const [paid] = await t.db
    .select({ id: orders.id, companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.status, 'paid'))
    .limit(1);
  paidOrderId = paid.id;
  const [line] = await t.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, paid.id))
    .limit(1);
  const [as] = await t.db
    .insert(afterSales)
    .values({
      orderId: paid.id,
      companyId: paid.companyId,
      kind: 'refund',
      reason: '质量问题',
      lines: [{ order_line_id: line.id, number: 1 }],
      amount: 100,
      status: 'submitted',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    })
    .returning({ id: afterSales.id });
  afterSaleId = as.id;
  const [inv] = await t.db.select({ id: invoices.id }).from(invoices).limit(1);
  invoiceId = inv.id;
});
afterAll(() => t.close());

describe('admin route access', () => {
  it('every admin route declares who may call it', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(routes.filter((r) => r.access === 'public').map((r) => r.path)).toEqual(['/api/admin/login']);
    // 管理员 may do everything.
    for (const r of routes) if (Array.isArray(r.access)) expect(r.access).toContain('admin');
  });

  // Every admin route × every role, one after another (the allowed calls change rows the next ones
  // read): it grows with the console; a ceiling, not a wait.
  it(
    'each role gets in exactly where its access allows; buyers and visitors get 401',
    { timeout: 180_000 },
    async () => {
      const seen: string[] = [];
      for (const route of adminRoutes()) {
        const url = urlOf(route.path);
        const body: Record<string, string> =
          route.path.endsWith('/reject') || route.path.endsWith('/cancel')
            ? { reason: '营业执照模糊，请重新上传' }
            : {};
        for (const role of OPERATOR_ROLES) {
          const res = await hit(route.method, url, cookies.get(role), body);
          const allowed =
            route.access === 'public' ||
            route.access === 'signed-in' ||
            (route.access as readonly string[]).includes(role);
          const what = `${role} ${route.method} ${route.path} → ${res.status} ${res.msg}`;
          if (allowed) {
            expect(res.status, what).not.toBe(401);
            expect(res.status, what).not.toBe(403);
            expect(res.status, what).toBeLessThan(500);
          } else {
            expect(res.status, what).toBe(403);
          }
        }
        if (route.access === 'public') continue;
        for (const [who, cookie] of [
          ['buyer', buyerCookie],
          ['visitor', null],
        ] as const) {
          const res = await hit(route.method, url, cookie, body);
          expect(res.status, `${who} ${route.method} ${route.path}`).toBe(401);
          expect(res.code).toBe(10001);
        }
        seen.push(`${route.method} ${route.path}`);
      }
      expect(seen).toContain('POST /api/admin/companies/:id/approve');
      for (const route of [
        'GET /api/admin/orders',
        'POST /api/admin/orders/:id/ship',
        'POST /api/admin/orders/:id/complete',
        'POST /api/admin/orders/:id/cancel',
        'GET /api/admin/orders/:id/delivery-note',
        'GET /api/admin/orders/:id/picking-list',
        'POST /api/admin/after_sales/:id/accept',
        'POST /api/admin/after_sales/:id/receive',
        'POST /api/admin/after_sales/:id/refund',
        'POST /api/admin/after_sales/:id/close',
        'POST /api/admin/after_sales/:id/reject',
        'GET /api/admin/invoices',
        'POST /api/admin/invoices/:id/issue',
        'POST /api/admin/invoices/:id/reject',
      ]) {
        expect(seen).toContain(route);
      }
    },
  );
});
