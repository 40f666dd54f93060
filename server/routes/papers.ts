// GET /api/user/papers (docs/api.md "Papers kept offline"): the addresses of the papers the device
// keeps for an inspector — the e-contract, the 药检报告 of batches received in the last 12 months,
// the 随货同行单 of orders shipped in that time. The company is the one the session acts for.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { requireCompany } from '../auth/session.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { keptPapers } from '../services/papers/kept-papers.ts';
import type { PapersManifest } from '@domain/papers.ts';

export const papersRoutes = new Hono<AppEnv>();

papersRoutes.get('/papers', async (c) => {
  const user = requireCompany(c);
  const viewer = await viewerOf(c);
  const { db, clock } = c.get('deps');
  return ok<PapersManifest>(
    c,
    await keptPapers(db, { companyId: user.companyId, isSpecial: viewer.isSpecial }, clock()),
  );
});
