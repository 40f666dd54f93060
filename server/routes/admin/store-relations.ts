// /api/admin/companies/{id}/stores, /head, /head/remove: a company's place in a chain (多门店) —
// read by whoever reads companies, changed by 审核 and 管理员.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { idField, objectId } from '../../http/params.ts';
import { readInput } from '../../http/validate.ts';
import { COMPANY_NOT_FOUND } from '../../services/admin/companies.ts';
import { linkStore, storeRelations, unlinkStore } from '../../services/admin/store-relations.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';

const linkSchema = z.object({ head_id: idField('请填写总部企业编号') });

export const adminStoreRelationRoutes = new Hono<AppEnv>();

adminStoreRelationRoutes.get('/:id/stores', allow(CONSOLE_ACCESS.companiesRead), async (c) => {
  return ok(c, await storeRelations(c.get('deps').db, objectId(c.req.param('id'), COMPANY_NOT_FOUND)));
});

adminStoreRelationRoutes.post('/:id/head', allow(CONSOLE_ACCESS.storeRelations), async (c) => {
  const id = objectId(c.req.param('id'), COMPANY_NOT_FOUND);
  const { head_id } = readInput(c, linkSchema);
  const { db, clock } = c.get('deps');
  return ok(c, await linkStore(db, actorOf(c), id, head_id, clock()), '已设为该总部的门店');
});

adminStoreRelationRoutes.post('/:id/head/remove', allow(CONSOLE_ACCESS.storeRelations), async (c) => {
  const id = objectId(c.req.param('id'), COMPANY_NOT_FOUND);
  const { db, clock } = c.get('deps');
  return ok(c, await unlinkStore(db, actorOf(c), id, clock()), '已解除门店关系');
});
