// /api/admin/companies/{id}/wallet and /api/admin/wallet: a company's wallet, balance adjustments
// and coupon / cash-voucher grants (财务, 管理员). The adjustment and the grant carry the console's
// `request_id`, so a double click applies once (server/services/admin/request-once.ts).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { idField, objectId, parseIdList } from '../../http/params.ts';
import { readInput } from '../../http/validate.ts';
import { COMPANY_NOT_FOUND } from '../../services/admin/companies.ts';
import { adjustBalance, companyWallet } from '../../services/admin/wallet.ts';
import { grantCoupons, listGrantableTemplates } from '../../services/admin/grants.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import {
  ADJUST_AMOUNT_MAX,
  ADJUST_DIRECTIONS,
  ADJUST_REASON_MAX,
  ADJUST_REASON_MIN,
  GRANT_COMPANIES_MAX,
  REQUEST_ID_RE,
  VOUCHER_AMOUNT_MAX,
  VOUCHER_DAYS_MAX,
} from '@domain/admin-wallet.ts';

const requestId = z
  .string({ error: '缺少请求编号，请刷新后重试' })
  .regex(REQUEST_ID_RE, { error: '请求编号无效，请刷新后重试' });
const fen = (msg: string, max: number) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(1, { error: msg }).max(max, { error: msg });

const adjustSchema = z.object({
  direction: z.enum(ADJUST_DIRECTIONS, { error: '请选择增加或扣减' }),
  amount: fen(`调整金额须为1-${ADJUST_AMOUNT_MAX}分的整数`, ADJUST_AMOUNT_MAX),
  reason: z
    .string({ error: '请填写调整原因' })
    .trim()
    .min(ADJUST_REASON_MIN, { error: `调整原因至少${ADJUST_REASON_MIN}个字` })
    .max(ADJUST_REASON_MAX, { error: `调整原因最多${ADJUST_REASON_MAX}个字` }),
  request_id: requestId,
});

const COMPANY_IDS = {
  empty: '请选择要发放的企业',
  tooMany: `一次最多发放给${GRANT_COMPANIES_MAX}家企业`,
  invalid: '企业编号无效',
  max: GRANT_COMPANIES_MAX,
};

const grantSchema = z
  .object({
    template_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idField('请选择优惠券').optional()),
    voucher_amount: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      fen(`现金券面额须为1-${VOUCHER_AMOUNT_MAX}分的整数`, VOUCHER_AMOUNT_MAX).optional(),
    ),
    valid_days: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      fen(`有效天数须为1-${VOUCHER_DAYS_MAX}的整数`, VOUCHER_DAYS_MAX).optional(),
    ),
    company_ids: z.unknown().optional(),
    request_id: requestId,
  })
  .superRefine((v, ctx) => {
    if (v.template_id === undefined && v.voucher_amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['template_id'], message: '请选择优惠券或填写现金券面额' });
    if (v.template_id !== undefined && v.voucher_amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['template_id'], message: '优惠券与现金券面额只能选一种' });
    if (v.voucher_amount !== undefined && v.valid_days === undefined)
      ctx.addIssue({ code: 'custom', path: ['valid_days'], message: '请填写现金券有效天数' });
  });

export const adminWalletRoutes = new Hono<AppEnv>();

adminWalletRoutes.get('/companies/:id/wallet', allow(CONSOLE_ACCESS.wallet), async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await companyWallet(db, objectId(c.req.param('id'), COMPANY_NOT_FOUND), clock()));
});

adminWalletRoutes.post('/companies/:id/wallet/adjust', allow(CONSOLE_ACCESS.wallet), async (c) => {
  const id = objectId(c.req.param('id'), COMPANY_NOT_FOUND);
  const v = readInput(c, adjustSchema);
  const { db, clock } = c.get('deps');
  const result = await adjustBalance(
    db,
    actorOf(c),
    id,
    { direction: v.direction, amount: v.amount, reason: v.reason, requestId: v.request_id },
    clock(),
  );
  return ok(c, result, result.replayed ? '该调整已提交过，未重复执行' : '余额已调整');
});

adminWalletRoutes.get('/wallet/templates', allow(CONSOLE_ACCESS.wallet), async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await listGrantableTemplates(db, clock()));
});

adminWalletRoutes.post('/wallet/grants', allow(CONSOLE_ACCESS.wallet), async (c) => {
  const v = readInput(c, grantSchema);
  const companyIds = parseIdList(v.company_ids, 'company_ids', COMPANY_IDS);
  const { db, clock } = c.get('deps');
  const what =
    v.template_id !== undefined
      ? { templateId: v.template_id }
      : { voucherAmount: v.voucher_amount ?? 0, validDays: v.valid_days ?? 0 };
  const result = await grantCoupons(db, actorOf(c), what, companyIds, v.request_id, clock());
  return ok(c, result, result.replayed ? '该发放已提交过，未重复执行' : `已发放给${result.company_ids.length}家企业`);
});
