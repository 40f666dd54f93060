// /api/global: site-wide bits the shell shows (footer links).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { footerLinks } from '../services/links.ts';
import type { FooterLink } from '../../src/domain/contracts.ts';

export const globalRoutes = new Hono<AppEnv>();

globalRoutes.get('/links', async (c) => ok<FooterLink[]>(c, await footerLinks(c.get('deps').db)));
