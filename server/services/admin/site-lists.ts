// The shop's editable lists in the console (issue 18 part C, role 运营): hot search words, top
// navigation, footer links and the pictures of a focus slot. A list is saved whole: rows with an
// id are updated, rows no longer listed are deleted, new rows are added, `sort` is the position.
// One audit row (before/after) per save, in its transaction. The shell's cached answer
// (/api/focus/common) is dropped on this instance so the next load reads the new list.
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { focusItems, hotKeywords, links, navItems } from '../../db/schema.ts';
import { validationError } from '../../http/envelope.ts';
import type { FocusSlot, SiteListItem, SiteListKind } from '@domain/admin-content.ts';
import { writeAudit, type Actor } from './audit.ts';

type Row = Required<SiteListItem>;

export async function readSiteList(db: Db, kind: SiteListKind, slot: FocusSlot): Promise<Row[]> {
  switch (kind) {
    case 'hot_keywords':
      return (await db.select().from(hotKeywords).orderBy(asc(hotKeywords.sort), asc(hotKeywords.id))).map((r) => ({
        id: r.id,
        name: r.keyword,
        url: '',
        image: '',
      }));
    case 'nav':
      // Top-level entries only: sub-menus are not edited here (none are seeded).
      return (
        await db.select().from(navItems).where(isNull(navItems.parentId)).orderBy(asc(navItems.sort), asc(navItems.id))
      ).map((r) => ({ id: r.id, name: r.name, url: r.url, image: '' }));
    case 'links':
      return (await db.select().from(links).orderBy(asc(links.sort), asc(links.id))).map((r) => ({
        id: r.id,
        name: r.name,
        url: r.url,
        image: '',
      }));
    case 'focus':
      return (
        await db
          .select()
          .from(focusItems)
          .where(eq(focusItems.slot, slot))
          .orderBy(asc(focusItems.sort), asc(focusItems.id))
      ).map((r) => ({ id: r.id, name: r.title, url: r.url, image: r.image }));
  }
}

async function applyRow(tx: Db, kind: SiteListKind, slot: FocusSlot, item: SiteListItem, sort: number): Promise<void> {
  const id = item.id;
  switch (kind) {
    case 'hot_keywords':
      if (id) await tx.update(hotKeywords).set({ keyword: item.name, sort }).where(eq(hotKeywords.id, id));
      else await tx.insert(hotKeywords).values({ keyword: item.name, sort });
      return;
    case 'nav':
      if (id) await tx.update(navItems).set({ name: item.name, url: item.url, sort }).where(eq(navItems.id, id));
      else await tx.insert(navItems).values({ name: item.name, url: item.url, sort });
      return;
    case 'links':
      if (id) await tx.update(links).set({ name: item.name, url: item.url, sort }).where(eq(links.id, id));
      else await tx.insert(links).values({ name: item.name, url: item.url, sort });
      return;
    case 'focus':
      // An existing picture keeps its time window; a new one is shown from now on, without end.
      if (id)
        await tx
          .update(focusItems)
          .set({ title: item.name, url: item.url, image: item.image, sort })
          .where(eq(focusItems.id, id));
      else await tx.insert(focusItems).values({ slot, title: item.name, url: item.url, image: item.image, sort });
      return;
  }
}

async function deleteRows(tx: Db, kind: SiteListKind, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if (kind === 'hot_keywords') await tx.delete(hotKeywords).where(inArray(hotKeywords.id, ids));
  else if (kind === 'links') await tx.delete(links).where(inArray(links.id, ids));
  else if (kind === 'focus') await tx.delete(focusItems).where(inArray(focusItems.id, ids));
  else {
    const parents = await tx
      .select({ parentId: navItems.parentId })
      .from(navItems)
      .where(and(isNotNull(navItems.parentId), inArray(navItems.parentId, ids)))
      .limit(1);
    if (parents.length > 0) throw validationError({ items: ['该导航下有子菜单，不能删除'] });
    await tx.delete(navItems).where(inArray(navItems.id, ids));
  }
}

export async function saveSiteList(
  db: Db,
  actor: Actor,
  kind: SiteListKind,
  slot: FocusSlot,
  items: SiteListItem[],
  now: Date,
): Promise<Row[]> {
  await withTx(db, async (tx) => {
    const before = await readSiteList(tx, kind, slot);
    const known = new Set(before.map((r) => r.id));
    const unknown = items.findIndex((i) => i.id !== undefined && !known.has(i.id));
    if (unknown >= 0) throw validationError({ [`items.${unknown}.id`]: ['该条目不存在或不属于此列表，请刷新后重试'] });
    const kept = new Set(items.map((i) => i.id).filter((id): id is number => id !== undefined));
    await deleteRows(
      tx,
      kind,
      before.filter((r) => !kept.has(r.id)).map((r) => r.id),
    );
    for (const [i, item] of items.entries()) await applyRow(tx, kind, slot, item, i + 1);
    const after = await readSiteList(tx, kind, slot);
    await writeAudit(
      tx,
      actor,
      {
        action: 'site_list.update',
        targetType: kind === 'focus' ? `focus:${slot}` : kind,
        targetId: null,
        before,
        after,
      },
      now,
    );
  });
  return readSiteList(db, kind, slot);
}
