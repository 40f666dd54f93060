// The lucky draw as the shop shows it: the home popup's current draw, a draw's page data, the
// winners' ticker, the company's own records and the draw page's ads.
import { and, asc, count, desc, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, drawPrizes, drawRecords, draws } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import {
  DRAW_MESSAGES,
  DRAW_PRIZE_KINDS,
  maskCompany,
  type DrawActivity,
  type DrawPrizeKind,
  type DrawRecordView,
  type DrawSimple,
  type DrawWinner,
} from '@domain/lucky-draw.ts';
import type { Page } from '@domain/envelope.ts';
import { chancesLeft, type DrawRow } from './chances.ts';

const asKind = (k: string | null): DrawPrizeKind => (k === 'coupon' || k === 'points' || k === 'goods' ? k : 'none');

async function simpleOf(db: Db, draw: DrawRow, companyId: number): Promise<DrawSimple> {
  const left = await chancesLeft(db, draw, companyId);
  return { id: draw.id, name: draw.name, image: draw.image, is_join: left > 0 ? 0 : 1, chances_left: left };
}

/** The draw on now that ends first, or null. */
export async function currentDraw(db: Db, companyId: number, now: Date): Promise<DrawSimple | null> {
  const [draw] = await db
    .select()
    .from(draws)
    .where(and(eq(draws.isActive, true), lte(draws.startsAt, now), gt(draws.endsAt, now)))
    .orderBy(asc(draws.endsAt), asc(draws.id))
    .limit(1);
  return draw ? simpleOf(db, draw, companyId) : null;
}

export async function drawActivity(db: Db, id: number, companyId: number): Promise<DrawActivity> {
  const [draw] = await db.select().from(draws).where(eq(draws.id, id));
  if (!draw) throw notFound(DRAW_MESSAGES.notFound);
  const prizes = await db
    .select({ id: drawPrizes.id, name: drawPrizes.name, remarks: drawPrizes.remarks, kind: drawPrizes.kind })
    .from(drawPrizes)
    .where(and(eq(drawPrizes.drawId, id), inArray(drawPrizes.kind, [...DRAW_PRIZE_KINDS])))
    .orderBy(asc(drawPrizes.id));
  return {
    ...(await simpleOf(db, draw, companyId)),
    rules: draw.rules,
    starts_at: draw.startsAt.getTime(),
    ends_at: draw.endsAt.getTime(),
    prizes: prizes.map((p) => ({ ...p, kind: asKind(p.kind) })),
  };
}

const WINNERS_SHOWN = 20;

/** The latest wins of a draw (谢谢参与 left out), companies masked. */
export async function recentWinners(db: Db, id: number): Promise<DrawWinner[]> {
  const rows = await db
    .select({ company: companies.name, name: drawRecords.prizeName, createdAt: drawRecords.createdAt })
    .from(drawRecords)
    .innerJoin(drawPrizes, eq(drawPrizes.id, drawRecords.prizeId))
    .innerJoin(companies, eq(companies.id, drawRecords.companyId))
    .where(and(eq(drawRecords.drawId, id), ne(drawPrizes.kind, 'none')))
    .orderBy(desc(drawRecords.id))
    .limit(WINNERS_SHOWN);
  return rows.map((r) => ({ company: maskCompany(r.company), name: r.name, created_at: r.createdAt.getTime() }));
}

export async function companyRecords(
  db: Db,
  companyId: number,
  page: number,
  pageSize: number,
): Promise<Page<DrawRecordView>> {
  const where = eq(drawRecords.companyId, companyId);
  const [{ n }] = await db.select({ n: count() }).from(drawRecords).where(where);
  const rows = await db
    .select({
      id: drawRecords.id,
      drawName: draws.name,
      name: drawRecords.prizeName,
      remarks: drawRecords.prizeRemarks,
      kind: drawPrizes.kind,
      createdAt: drawRecords.createdAt,
    })
    .from(drawRecords)
    .innerJoin(draws, eq(draws.id, drawRecords.drawId))
    .leftJoin(drawPrizes, eq(drawPrizes.id, drawRecords.prizeId))
    .where(where)
    .orderBy(desc(drawRecords.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    total: n,
    page,
    page_size: pageSize,
    list: rows.map((r) => ({
      id: r.id,
      draw_name: r.drawName,
      name: r.name,
      remarks: r.remarks,
      kind: asKind(r.kind),
      created_at: r.createdAt.getTime(),
    })),
  };
}
