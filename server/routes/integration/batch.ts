// Batch writes of the integration API: the body frame `{ items: [...] }` (1 to 1,000 items) is
// checked by the route; each item by its own schema here, so a bad item is answered in its place
// and the others still apply (issue 34: 1,000 items with 3 bad apply 997 and name the 3).
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { clientIp } from '../../http/client-ip.ts';
import { checkItem } from '../../http/validate.ts';
import type { Actor } from '../../services/admin/audit.ts';
import { integrationActor } from '../../services/integration/actor.ts';
import { BATCH_MAX_ITEMS, batchResult, errorLines, type BatchResult, type ItemResult } from '@domain/integration.ts';

/** The checked frame of a batch body. */
export const batchFrame = z.object({
  items: z
    .array(z.unknown(), { error: 'items 须为数组' })
    .min(1, { error: 'items 不能为空' })
    .max(BATCH_MAX_ITEMS, { error: `每批最多${BATCH_MAX_ITEMS}条` }),
});

/** The body as documented: the frame with the item schema. */
export const documentedBatch = (item: z.ZodType, extra: z.ZodRawShape = {}) =>
  z.object({ ...extra, items: z.array(item).min(1).max(BATCH_MAX_ITEMS) });

export const itemResult = z.object({
  index: z.number().int().describe('该条在 items 中的位置，从0开始'),
  code: z.string().describe('该条的编码（商品外部编码或客户编码）'),
  status: z.enum(['created', 'updated', 'applied', 'unchanged', 'ignored', 'failed']),
  id: z.number().int().nullable().describe('商城内的商品或企业ID'),
  errors: z.array(z.string()).describe('失败或被忽略的原因'),
});

export const batchAnswer = z.object({
  items: z.number().int(),
  applied: z.number().int(),
  unchanged: z.number().int(),
  ignored: z.number().int(),
  failed: z.number().int(),
  results: z.array(itemResult),
});

/** Each item checked: the good ones with their index, the bad ones as failed results. */
export function checkItems<S extends z.ZodType>(
  items: readonly unknown[],
  schema: S,
  codeOf: (raw: unknown) => string,
): { good: { index: number; item: z.output<S> }[]; bad: ItemResult[] } {
  const good: { index: number; item: z.output<S> }[] = [];
  const bad: ItemResult[] = [];
  items.forEach((raw, index) => {
    const checked = checkItem(schema, raw);
    if (checked.ok) good.push({ index, item: checked.data });
    else bad.push({ index, code: codeOf(raw), status: 'failed', id: null, errors: errorLines(checked.errors) });
  });
  return { good, bad };
}

/** The raw item's field as text for the answer (it failed its schema, so it may be anything). */
export const rawCode =
  (field: string) =>
  (raw: unknown): string => {
    const v = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[field] : undefined;
    return typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 60) : '';
  };

export async function actorOfCall(c: Context<AppEnv>): Promise<Actor> {
  const { db, clock } = c.get('deps');
  return integrationActor(db, c.get('integration')!.caller!.clientId, clientIp(c), clock());
}

/** The answer, with its counts kept for the call log. */
export function answer(c: Context<AppEnv>, results: ItemResult[]): BatchResult {
  const out = batchResult(results);
  c.get('integration')!.result = {
    items: out.items,
    applied: out.applied,
    unchanged: out.unchanged,
    ignored: out.ignored,
    failed: out.failed,
  };
  return out;
}
