// The server's check that a 省/市/区 names a real place (delivery addresses, a company's registered
// address): the region data (src/domain/regions.ts) starts loading when this module loads, so a
// request only awaits a settled promise. The 422 names the first wrong field.
import { validationError } from '../http/envelope.ts';
import { loadRegions, regionError } from '@domain/regions.ts';

const regionsReady = loadRegions();
// A failed load surfaces as the request's 500, not as an unhandled rejection at start.
regionsReady.catch(() => undefined);

export async function assertKnownRegion(v: { province: string; city: string; district: string }): Promise<void> {
  const wrong = regionError(await regionsReady, v);
  if (wrong) throw validationError({ [wrong.field]: [wrong.message] });
}
