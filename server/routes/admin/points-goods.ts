// /api/admin/points-goods: the points mall's goods for 运营 (and 管理员): list, create, edit, on/off
// sale. Input rule: src/domain/admin-points-goods.ts; audit rows: the service.
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { objectId, pageQuery, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import {
  createPointsGoods,
  listPointsGoods,
  POINTS_GOODS_NOT_FOUND,
  setPointsGoodsOnSale,
  updatePointsGoods,
} from '../../services/admin/points-goods.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { adminPointsGoodsInput } from '@domain/admin-points-goods.ts';

export const adminPointsGoodsRoutes = new Hono<AppEnv>();

adminPointsGoodsRoutes.get('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const q = readQuery(c, pageQuery);
  return ok(c, await listPointsGoods(c.get('deps').db, q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT));
});

adminPointsGoodsRoutes.post('/', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const input = readInput(c, adminPointsGoodsInput);
  const { db, clock } = c.get('deps');
  return ok(c, await createPointsGoods(db, actorOf(c), input, clock()), '积分商品已创建');
});

adminPointsGoodsRoutes.post('/:id', allow(CONSOLE_ACCESS.promotions), async (c) => {
  const id = objectId(c.req.param('id'), POINTS_GOODS_NOT_FOUND);
  const input = readInput(c, adminPointsGoodsInput);
  const { db, clock } = c.get('deps');
  return ok(c, await updatePointsGoods(db, actorOf(c), id, input, clock()), '积分商品已保存');
});

for (const [path, onSale, msg] of [
  ['on', true, '积分商品已上架'],
  ['off', false, '积分商品已下架'],
] as const) {
  adminPointsGoodsRoutes.post(`/:id/${path}`, allow(CONSOLE_ACCESS.promotions), async (c) => {
    const id = objectId(c.req.param('id'), POINTS_GOODS_NOT_FOUND);
    const { db, clock } = c.get('deps');
    return ok(c, await setPointsGoodsOnSale(db, actorOf(c), id, onSale, clock()), msg);
  });
}
