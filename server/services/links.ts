// The footer links of the shell (GET /api/global/links), in their set order.
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { links } from '../db/schema.ts';
import type { FooterLink } from '@domain/contracts.ts';

export function footerLinks(db: Db): Promise<FooterLink[]> {
  return db
    .select({ id: links.id, name: links.name, url: links.url })
    .from(links)
    .orderBy(asc(links.sort), asc(links.id));
}
