// /api/draw (SPEC §7 "Lucky draw"): GET /api/draw (id) draws once, GET /api/draw/new_record (id)
// the winners' ticker, GET /api/draw/{id}/activity a draw with its prizes and the company's
// chances, GET /api/draw/simple the draw the home popup offers, GET /api/draw/record the company's
// draws, GET /api/draw/ads the draw's pictures. SPEC makes the draw a GET: it is idempotent by the
// Idempotency-Key header, handled by the service (the middleware only looks at unsafe methods).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok, validationError } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { idField, pageParams, positiveId, PAGE_SIZE_DEFAULT } from '../http/params.ts';
import { requireCompany } from '../auth/session.ts';
import { IDEMPOTENCY_HEADER } from '../http/idempotency.ts';
import { runDrawFor } from '../services/draws/draw.ts';
import { companyRecords, currentDraw, drawActivity, recentWinners } from '../services/draws/views.ts';
import { liveItems } from '../services/focus/slots.ts';
import { DRAW_MESSAGES } from '@domain/lucky-draw.ts';

const idQuery = z.object({ id: idField(DRAW_MESSAGES.id) });
const KEY_RE = /^[\x21-\x7e]{1,100}$/;

export const drawRoutes = new Hono<AppEnv>();

drawRoutes.get('/', async (c) => {
  const user = requireCompany(c);
  const { id } = readQuery(c, idQuery);
  const key = c.req.header(IDEMPOTENCY_HEADER) ?? null;
  if (key !== null && !KEY_RE.test(key)) throw validationError({ idempotency_key: [DRAW_MESSAGES.key] });
  const { db, clock, random } = c.get('deps');
  const result = await runDrawFor(
    db,
    { drawId: id, companyId: user.companyId, requestKey: key },
    clock(),
    random ?? Math.random,
  );
  return ok(c, result);
});

drawRoutes.get('/simple', async (c) => {
  const user = requireCompany(c);
  const { db, clock } = c.get('deps');
  return ok(c, await currentDraw(db, user.companyId, clock()));
});

drawRoutes.get('/new_record', async (c) => {
  const { id } = readQuery(c, idQuery);
  return ok(c, await recentWinners(c.get('deps').db, id));
});

drawRoutes.get('/record', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, z.object(pageParams));
  return ok(c, await companyRecords(c.get('deps').db, user.companyId, q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT));
});

drawRoutes.get('/ads', async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await liveItems(db, 'draw', clock()));
});

drawRoutes.get('/:id/activity', async (c) => {
  const user = requireCompany(c);
  const id = positiveId(c.req.param('id'), 'id', DRAW_MESSAGES.id);
  return ok(c, await drawActivity(c.get('deps').db, id, user.companyId));
});
