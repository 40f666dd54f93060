// One draw (GET /api/draw): decided here, never on the client. In one transaction: the company's
// row is locked (two tabs drawing at once take turns, so a chance is spent once), a replay of the
// same Idempotency-Key gets its first answer back, a chance is checked, a prize is picked from the
// prizes in stock by weight (谢谢参与 is not counted), its stock is taken with `stock > 0` in the UPDATE (so it never goes
// below zero whatever runs beside it), the prize is credited and the buyer gets the win message.
import { and, asc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, drawPrizes, drawRecords, draws } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../http/envelope.ts';
import { notifyCompany } from '../messages/notify.ts';
import { DRAW_MESSAGES, drawWinMessage, type DrawPrizeKind, type DrawResult } from '@domain/lucky-draw.ts';
import { chancesLeft, type DrawRow } from './chances.ts';
import { creditPrize, type PrizeRow } from './credit.ts';
import { pickWeighted } from './pick.ts';

const asKind = (k: string): DrawPrizeKind => (k === 'coupon' || k === 'points' || k === 'goods' ? k : 'none');

/** A draw that is on at `now`, or 404 / 422. */
export async function runningDraw(db: Db, id: number, now: Date): Promise<DrawRow> {
  const [draw] = await db.select().from(draws).where(eq(draws.id, id));
  if (!draw) throw notFound(DRAW_MESSAGES.notFound);
  if (!draw.isActive || draw.startsAt > now || draw.endsAt <= now)
    throw validationError({ id: [DRAW_MESSAGES.notRunning] });
  return draw;
}

function resultOf(
  recordId: number,
  prize: { id: number; name: string; remarks: string; kind: string },
  left: number,
): DrawResult {
  const kind = asKind(prize.kind);
  return {
    record_id: recordId,
    prize_id: prize.id,
    name: prize.name,
    remarks: prize.remarks,
    kind,
    is_win: kind === 'none' ? 0 : 1,
    chances_left: left,
  };
}

async function replay(tx: Db, companyId: number, key: string, draw: DrawRow): Promise<DrawResult | null> {
  const [rec] = await tx
    .select({
      id: drawRecords.id,
      drawId: drawRecords.drawId,
      prizeId: drawRecords.prizeId,
      name: drawRecords.prizeName,
      remarks: drawRecords.prizeRemarks,
      kind: drawPrizes.kind,
    })
    .from(drawRecords)
    .leftJoin(drawPrizes, eq(drawPrizes.id, drawRecords.prizeId))
    .where(and(eq(drawRecords.companyId, companyId), eq(drawRecords.requestKey, key)));
  if (!rec) return null;
  // The same key for another draw is a client bug, not a replay.
  if (rec.drawId !== draw.id) throw new AppError(422, 422, '请求编号已用于另一次抽奖');
  return resultOf(
    rec.id,
    { id: rec.prizeId ?? 0, name: rec.name, remarks: rec.remarks, kind: rec.kind ?? 'none' },
    await chancesLeft(tx, draw, companyId),
  );
}

/** Takes one unit of a prize; false when another draw took the last one first. */
async function takeStock(tx: Db, prize: PrizeRow): Promise<boolean> {
  if (prize.kind === 'none') return true;
  const rows = await tx
    .update(drawPrizes)
    .set({ stock: sql`${drawPrizes.stock} - 1` })
    .where(and(eq(drawPrizes.id, prize.id), gt(drawPrizes.stock, 0)))
    .returning({ id: drawPrizes.id });
  return rows.length > 0;
}

export async function runDrawFor(
  db: Db,
  input: { drawId: number; companyId: number; requestKey: string | null },
  now: Date,
  random: () => number,
): Promise<DrawResult> {
  return withTx(db, async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId)).for('update');
    const draw = await runningDraw(tx, input.drawId, now);
    if (input.requestKey) {
      const again = await replay(tx, input.companyId, input.requestKey, draw);
      if (again) return again;
    }
    const left = await chancesLeft(tx, draw, input.companyId);
    if (left <= 0) throw validationError({ id: [DRAW_MESSAGES.noChance] });

    // 谢谢参与 has no stock to run out; a goods prize waits on its record for the next order.
    let candidates = await tx
      .select()
      .from(drawPrizes)
      .where(
        and(
          eq(drawPrizes.drawId, draw.id),
          gt(drawPrizes.weight, 0),
          or(
            and(inArray(drawPrizes.kind, ['coupon', 'points']), gt(drawPrizes.stock, 0)),
            // A goods prize must name its goods: the winner's next order carries it.
            and(eq(drawPrizes.kind, 'goods'), isNotNull(drawPrizes.refId), gt(drawPrizes.stock, 0)),
            eq(drawPrizes.kind, 'none'),
          ),
        ),
      )
      .orderBy(asc(drawPrizes.id));
    let won: PrizeRow | null = null;
    while (!won) {
      const pick = pickWeighted(candidates, random);
      if (!pick) throw validationError({ id: [DRAW_MESSAGES.soldOut] });
      if (await takeStock(tx, pick)) won = pick;
      else candidates = candidates.filter((p) => p.id !== pick.id);
    }

    await creditPrize(tx, input.companyId, won, now);
    const [record] = await tx
      .insert(drawRecords)
      .values({
        drawId: draw.id,
        companyId: input.companyId,
        prizeId: won.id,
        prizeName: won.name,
        prizeRemarks: won.remarks,
        requestKey: input.requestKey,
        createdAt: now,
      })
      .returning({ id: drawRecords.id });
    if (asKind(won.kind) !== 'none') {
      await notifyCompany(
        tx,
        input.companyId,
        {
          kind: 'promotion',
          title: '幸运抽奖中奖通知',
          body: `${drawWinMessage(won.name, won.remarks)}。`,
          link: won.kind === 'coupon' ? '/wdqb_yhq' : '/wdqb_jfgl',
        },
        now,
      );
    }
    return resultOf(record.id, won, left - 1);
  });
}
