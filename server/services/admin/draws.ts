// Lucky draws in the operator console (运营): list, create and schedule with prizes, stop and
// resume, a prize's weight and stock (the limit). Every change writes its audit row in the same
// transaction.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { couponTemplates, drawPrizes, drawRecords, draws, goods } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { AdminDrawInput, AdminDrawPrize, AdminDrawRow } from '@domain/admin-draws.ts';

export const DRAW_NOT_FOUND = '抽奖活动不存在';
export const PRIZE_NOT_FOUND = '奖品不存在';

function prizeView(p: typeof drawPrizes.$inferSelect): AdminDrawPrize {
  const kind = p.kind === 'coupon' || p.kind === 'points' || p.kind === 'goods' ? p.kind : 'none';
  return { id: p.id, name: p.name, remarks: p.remarks, kind, ref_id: p.refId, weight: p.weight, stock: p.stock };
}

export async function listDraws(db: Db): Promise<AdminDrawRow[]> {
  const rows = await db.select().from(draws).orderBy(asc(draws.startsAt), asc(draws.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const prizes = await db.select().from(drawPrizes).where(inArray(drawPrizes.drawId, ids)).orderBy(asc(drawPrizes.id));
  const counts = await db
    .select({ drawId: drawRecords.drawId, n: count() })
    .from(drawRecords)
    .where(inArray(drawRecords.drawId, ids))
    .groupBy(drawRecords.drawId);
  const byDraw = new Map(counts.map((c) => [c.drawId, c.n]));
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    rules: d.rules,
    starts_at: d.startsAt.getTime(),
    ends_at: d.endsAt.getTime(),
    is_active: d.isActive,
    times_per_company: d.timesPerCompany,
    order_min_amount: d.orderMinAmount,
    records: byDraw.get(d.id) ?? 0,
    prizes: prizes.filter((p) => p.drawId === d.id).map(prizeView),
  }));
}

export async function createDraw(db: Db, actor: Actor, input: AdminDrawInput, now: Date): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    // A coupon prize must name a template that exists: it is credited at draw time.
    const templateIds = input.prizes.flatMap((p) => (p.kind === 'coupon' && p.ref_id !== undefined ? [p.ref_id] : []));
    const known = templateIds.length
      ? await tx
          .select({ id: couponTemplates.id })
          .from(couponTemplates)
          .where(inArray(couponTemplates.id, templateIds))
      : [];
    input.prizes.forEach((p, i) => {
      if ((p.kind === 'coupon' || p.kind === 'points') && p.ref_id === undefined)
        throw validationError({ [`prizes.${i}.ref_id`]: [p.kind === 'coupon' ? '请填写优惠券编号' : '请填写积分数'] });
      if (p.kind === 'coupon' && !known.some((k) => k.id === p.ref_id))
        throw validationError({ [`prizes.${i}.ref_id`]: ['优惠券不存在'] });
    });
    // A goods prize names the goods its winner's next order carries at price 0.
    const goodsIds = input.prizes.flatMap((p) => (p.kind === 'goods' && p.ref_id !== undefined ? [p.ref_id] : []));
    const knownGoods = goodsIds.length
      ? await tx.select({ id: goods.id }).from(goods).where(inArray(goods.id, goodsIds))
      : [];
    input.prizes.forEach((p, i) => {
      if (p.kind === 'goods' && !knownGoods.some((k) => k.id === p.ref_id))
        throw validationError({ [`prizes.${i}.ref_id`]: [p.ref_id === undefined ? '请填写商品编号' : '商品不存在'] });
    });
    const [d] = await tx
      .insert(draws)
      .values({
        name: input.name,
        rules: input.rules,
        startsAt: new Date(input.starts_at),
        endsAt: new Date(input.ends_at),
        timesPerCompany: input.times_per_company,
        orderMinAmount: input.order_min_yuan === undefined ? null : input.order_min_yuan * 100,
      })
      .returning({ id: draws.id });
    await tx.insert(drawPrizes).values(
      input.prizes.map((p) => ({
        drawId: d.id,
        name: p.name,
        remarks: p.remarks,
        kind: p.kind,
        refId: p.kind === 'none' ? null : (p.ref_id ?? null),
        weight: p.weight,
        stock: p.stock,
      })),
    );
    await writeAudit(tx, actor, { action: 'draw.create', targetType: 'draw', targetId: d.id, after: input }, now);
    return { id: d.id };
  });
}

export async function setDrawActive(db: Db, actor: Actor, id: number, active: boolean, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const [d] = await tx.select({ isActive: draws.isActive }).from(draws).where(eq(draws.id, id)).for('update');
    if (!d) throw notFound(DRAW_NOT_FOUND);
    await tx.update(draws).set({ isActive: active }).where(eq(draws.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: active ? 'draw.resume' : 'draw.stop',
        targetType: 'draw',
        targetId: id,
        before: { is_active: d.isActive },
        after: { is_active: active },
      },
      now,
    );
  });
}

export async function updatePrize(
  db: Db,
  actor: Actor,
  drawId: number,
  prizeId: number,
  input: { weight: number; stock: number },
  now: Date,
): Promise<AdminDrawPrize> {
  return withTx(db, async (tx) => {
    const [p] = await tx.select().from(drawPrizes).where(eq(drawPrizes.id, prizeId)).for('update');
    if (!p || p.drawId !== drawId) throw notFound(PRIZE_NOT_FOUND);
    const [after] = await tx
      .update(drawPrizes)
      .set({ weight: input.weight, stock: input.stock })
      .where(eq(drawPrizes.id, prizeId))
      .returning();
    await writeAudit(
      tx,
      actor,
      {
        action: 'draw.prize',
        targetType: 'draw',
        targetId: drawId,
        before: { prize_id: p.id, weight: p.weight, stock: p.stock },
        after: { prize_id: p.id, ...input },
      },
      now,
    );
    return prizeView(after);
  });
}
