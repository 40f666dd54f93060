// 对公转账: our receiving account. The console's site_config 'transfer_account' ({ account_name,
// bank, account_no }) wins; else the TRANSFER_* settings (config.transferAccount); else, in the
// demo only, the demo account below. Production refuses to start without the TRANSFER_* settings,
// so it always has one (docs/decisions/console-content.md).
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { siteConfig } from '../../db/schema.ts';
import type { TransferAccount, TransferInfo } from '@domain/orders.ts';

const DEMO_ACCOUNT = {
  account_name: '康源医药有限公司',
  bank: '中国工商银行广州天河支行',
  account_no: '3602 0012 0920 0123 456',
};

const accountSchema: z.ZodType<TransferAccount> = z.object({
  account_name: z.string().min(1),
  bank: z.string().min(1),
  account_no: z.string().min(1),
});

/** The part of the app's config (deps.ts) that decides the account. */
export interface TransferSettings {
  demo: boolean;
  transferAccount?: TransferAccount;
}

async function receivingAccount(db: Db, config: TransferSettings): Promise<TransferAccount> {
  const [row] = await db
    .select({ value: siteConfig.value })
    .from(siteConfig)
    .where(eq(siteConfig.key, 'transfer_account'))
    .limit(1);
  const parsed = accountSchema.safeParse(row?.value);
  if (parsed.success) return parsed.data;
  if (config.transferAccount) return config.transferAccount;
  // Unreachable in production (start-up refuses without the settings); never show a made-up account there.
  if (!config.demo) throw new Error('no receiving account for 对公转账 (TRANSFER_ACCOUNT_*)');
  return DEMO_ACCOUNT;
}

export async function transferInfo(db: Db, config: TransferSettings, orderNo?: string): Promise<TransferInfo> {
  const account = await receivingAccount(db, config);
  return {
    ...account,
    remark: orderNo ?? '订单号',
    notice: `请使用企业对公账户转账，并在转账备注中填写${orderNo ? `订单号${orderNo}` : '订单号'}。财务确认到账后订单自动转为待发货，请在24小时内完成转账。`,
  };
}
