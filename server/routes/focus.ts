// /api/focus: the shell's common data, carousel and ad slots, brand pages (SPEC §7 "Content").
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { notFound, ok } from '../http/envelope.ts';
import { parseIdList, positiveId, type IdListRule } from '../http/params.ts';
import { readQuery } from '../http/validate.ts';
import { commonStatic } from '../services/focus/common.ts';
import { brandPage, slotItems, type FocusItem } from '../services/focus/slots.ts';
import type { CommonData } from '@domain/contracts.ts';

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
  return ok<FocusItem[]>(c, await slotItems(db, 'index', clock(), null));
});

focusRoutes.get('/common', async (c) => {
  const deps = c.get('deps');
  const data: CommonData = { ...(await commonStatic(deps)), timestamp: Math.floor(deps.clock().getTime() / 1000) };
  return ok(c, data);
});

focusRoutes.get('/brand/:id', async (c) => {
  const id = positiveId(c.req.param('id'), 'id', '品牌编号无效');
  const { db, clock } = c.get('deps');
  return ok(c, await brandPage(db, id, clock()));
});

focusRoutes.get('/:slot', async (c) => {
  const segment = c.req.param('slot');
  const slot = Object.hasOwn(FOCUS_SLOTS, segment) ? FOCUS_SLOTS[segment] : undefined;
  if (!slot) throw notFound('广告位不存在');
  const { db, clock } = c.get('deps');
  const ids = slot === 'kxzq_ad' ? parseIds(readQuery(c, idsQuery).ids) : null;
  return ok<FocusItem[]>(c, await slotItems(db, slot, clock(), ids));
});
