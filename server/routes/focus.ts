// /api/focus: the shell's common data, carousel and ad slots, brand pages (SPEC §7 "Content").
import { Hono } from 'hono';
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { brands, focusItems } from '../db/schema.ts';
import { notFound, ok } from '../http/envelope.ts';
import { parseIdList, positiveId, type IdListRule } from '../http/params.ts';
import { readQuery } from '../http/validate.ts';
import { commonStatic } from '../services/shell-common.ts';
import type { CommonData } from '../../src/domain/contracts.ts';

/** One ad or carousel picture. */
export interface FocusItem {
  image: string;
  url: string;
  title: string;
}

/** URL segment of SPEC §7 → focus_items.slot. */
export const FOCUS_SLOTS: Readonly<Record<string, string>> = {
  demo: 'demo',
  kxzq_ad: 'kxzq_ad',
  new_kxzq: 'new_kxzq',
  right: 'right',
  xrtj: 'xrtj',
  top: 'top',
  ppzq: 'ppzq',
  kxzq: 'kxzq',
  zyzq: 'zyzq',
  login: 'login',
  yx: 'yx',
  postList: 'post',
};

const MAX_IDS = 100;

/** Items of a slot that are live at `now` (no window, or a window covering now), in order. */
async function liveItems(db: Db, slot: string, now: Date, extra?: SQL): Promise<FocusItem[]> {
  return db
    .select({ image: focusItems.image, url: focusItems.url, title: focusItems.title })
    .from(focusItems)
    .where(
      and(
        eq(focusItems.slot, slot),
        or(isNull(focusItems.startsAt), lte(focusItems.startsAt, now)),
        or(isNull(focusItems.endsAt), gt(focusItems.endsAt, now)),
        extra,
      ),
    )
    .orderBy(asc(focusItems.sort), asc(focusItems.id));
}

/** `ids=1,2` or `ids[]=1&ids[]=2`: optional filter of kxzq_ad by the referenced id. */
const idsQuery = z.object({
  ids: z.union([z.string(), z.array(z.string())]).optional(),
});

const KX_AD_IDS: IdListRule = { empty: '编号无效', tooMany: `最多${MAX_IDS}个编号`, invalid: '编号无效', max: MAX_IDS };

function parseIds(raw: string | string[] | undefined): number[] | null {
  if (raw === undefined) return null;
  const parts = (Array.isArray(raw) ? raw : raw.split(',')).filter((s) => s.trim() !== '');
  return parts.length === 0 ? null : parseIdList(parts, 'ids', KX_AD_IDS);
}

export const focusRoutes = new Hono<AppEnv>();

focusRoutes.get('/', async (c) => {
  const { db, clock } = c.get('deps');
  return ok<FocusItem[]>(c, await liveItems(db, 'index', clock()));
});

focusRoutes.get('/common', async (c) => {
  const deps = c.get('deps');
  const data: CommonData = { ...(await commonStatic(deps)), timestamp: Math.floor(deps.clock().getTime() / 1000) };
  return ok(c, data);
});

focusRoutes.get('/brand/:id', async (c) => {
  const id = positiveId(c.req.param('id'), 'id', '品牌编号无效');
  const { db, clock } = c.get('deps');
  const [brand] = await db
    .select({
      id: brands.id,
      name: brands.name,
      logo: brands.logo,
      banner: brands.banner,
      description: brands.description,
    })
    .from(brands)
    .where(and(eq(brands.id, id), eq(brands.isShow, true)))
    .limit(1);
  if (!brand) throw notFound('品牌不存在');
  const focus = await liveItems(db, 'brand', clock(), eq(focusItems.refId, id));
  return ok(c, { ...brand, focus });
});

focusRoutes.get('/:slot', async (c) => {
  const segment = c.req.param('slot');
  const slot = Object.hasOwn(FOCUS_SLOTS, segment) ? FOCUS_SLOTS[segment] : undefined;
  if (!slot) throw notFound('广告位不存在');
  const { db, clock } = c.get('deps');
  const ids = slot === 'kxzq_ad' ? parseIds(readQuery(c, idsQuery).ids) : null;
  const items = await liveItems(db, slot, clock(), ids ? inArray(focusItems.refId, ids) : undefined);
  return ok<FocusItem[]>(c, items);
});
