// /api/global: site-wide bits the shell shows (footer links).
import { Hono } from 'hono';
import { asc } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import { links } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import type { FooterLink } from '../../src/domain/contracts.ts';

export const globalRoutes = new Hono<AppEnv>();

globalRoutes.get('/links', async (c) => {
  const rows = await c
    .get('deps')
    .db.select({ id: links.id, name: links.name, url: links.url })
    .from(links)
    .orderBy(asc(links.sort), asc(links.id));
  return ok<FooterLink[]>(c, rows);
});
