// /api/admin/transfers: 对公转账 waiting for the money, and finance's confirmation.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { confirmTransfer, listTransfers, ORDER_NOT_FOUND } from '../../services/admin/transfers.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { BANK_REFERENCE_PATTERN } from '@domain/admin.ts';

const AMOUNT_MSG = '请填写到账金额（分）';
const confirmSchema = z.object({
  /** Fen, as every amount of the API. */
  amount: z.coerce
    .number({ error: AMOUNT_MSG })
    .int({ error: AMOUNT_MSG })
    .min(1, { error: AMOUNT_MSG })
    .max(10_000_000_000, { error: AMOUNT_MSG }),
  bank_reference: z
    .string({ error: '请填写银行流水号' })
    .trim()
    .regex(BANK_REFERENCE_PATTERN, { error: '银行流水号为4-64位字母、数字或 - _ /' }),
});

export const adminTransferRoutes = new Hono<AppEnv>();

adminTransferRoutes.get('/', allow(CONSOLE_ACCESS.transfers), async (c) => {
  const q = readQuery(c, z.object(pageParams));
  return ok(c, await listTransfers(c.get('deps').db, q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT));
});

adminTransferRoutes.post('/:orderId/confirm', allow(CONSOLE_ACCESS.transfers), async (c) => {
  const orderId = objectId(c.req.param('orderId'), ORDER_NOT_FOUND);
  const input = readInput(c, confirmSchema);
  const { db, clock } = c.get('deps');
  const result = await confirmTransfer(
    db,
    actorOf(c),
    orderId,
    { amount: input.amount, bankReference: input.bank_reference },
    clock(),
  );
  return ok(c, result, result.replayed ? '该笔转账已确认过' : '已确认收款，订单转为待发货');
});
