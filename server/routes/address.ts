// /api/address (/addr and checkout): a company's delivery addresses; the rules (one default, the
// cap, the per-company lock) are server/services/addresses/book.ts's. Medicines ship to real
// places: a province/city/district that is not in the region data (src/domain/regions.ts) is a 422
// on its field, with the same message the form shows.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { objectId } from '../http/params.ts';
import { readInput } from '../http/validate.ts';
import { requireCompany } from '../auth/session.ts';
import { addressInputSchema, type AddressFormValues } from '@domain/address.ts';
import { assertKnownRegion } from '../services/regions.ts';
import {
  ADDRESS_NOT_FOUND,
  createAddress,
  deleteAddress,
  editAddress,
  listAddresses,
  setDefaultAddress,
} from '../services/addresses/book.ts';

/** The body as a valid address naming a known 省/市/区, or the 422. */
async function readAddress(c: Context<AppEnv>): Promise<AddressFormValues> {
  const input = readInput(c, addressInputSchema);
  await assertKnownRegion(input);
  return input;
}

const idParam = (raw: string): number => objectId(raw, ADDRESS_NOT_FOUND);

export const addressRoutes = new Hono<AppEnv>();

addressRoutes.get('/', async (c) => {
  const user = requireCompany(c);
  return ok(c, await listAddresses(c.get('deps').db, user.companyId));
});

addressRoutes.post('/', async (c) => {
  const user = requireCompany(c);
  const input = await readAddress(c);
  const { db, clock } = c.get('deps');
  return ok(c, await createAddress(db, user.companyId, input, clock()), '保存成功');
});

addressRoutes.post('/:id/edit', async (c) => {
  const user = requireCompany(c);
  const id = idParam(c.req.param('id'));
  const input = await readAddress(c);
  return ok(c, await editAddress(c.get('deps').db, user.companyId, id, input), '保存成功');
});

addressRoutes.post('/:id/delete', async (c) => {
  const user = requireCompany(c);
  const id = idParam(c.req.param('id'));
  const defaultId = await deleteAddress(c.get('deps').db, user.companyId, id);
  return ok(c, { id, default_id: defaultId }, '删除成功');
});

addressRoutes.post('/:id/default', async (c) => {
  const user = requireCompany(c);
  const id = idParam(c.req.param('id'));
  return ok(c, await setDefaultAddress(c.get('deps').db, user.companyId, id), '已设为默认地址');
});
