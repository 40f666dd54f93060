// A company's messages (GET /api/user/message) and marking them read (POST /api/user/message/read).
// Read state is per company: a message is addressed to the company, so one member reading it
// clears it for the others too (and the side-bar badge counts the same rows).
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { messages } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import type { Message, MessageKind, MessagePage, MessageReadFilter, MessageReadResult } from '@domain/messages.ts';
import { safeInternalHref } from '@domain/safe-href.ts';

export const MESSAGE_NOT_FOUND = '消息不存在';

export interface MessageFilter {
  kind?: MessageKind;
  status: MessageReadFilter;
  page: number;
  pageSize: number;
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

function toView(r: typeof messages.$inferSelect): Message {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    // Only our own paths reach the page as links (the column is written by the server, but a
    // link is followed on a click: belt and braces).
    link: safeInternalHref(r.link),
    is_read: r.readAt === null ? 0 : 1,
    created_at: seconds(r.createdAt),
  };
}

export async function unreadCount(db: Db, companyId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), isNull(messages.readAt)));
  return n;
}

export async function listMessages(db: Db, companyId: number, f: MessageFilter): Promise<MessagePage> {
  const conditions: SQL[] = [eq(messages.companyId, companyId)];
  if (f.kind) conditions.push(eq(messages.kind, f.kind));
  if (f.status === 'unread') conditions.push(isNull(messages.readAt));
  if (f.status === 'read') conditions.push(isNotNull(messages.readAt));
  const where = and(...conditions);
  const [rows, [{ n }], unread] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(messages).where(where),
    unreadCount(db, companyId),
  ]);
  return { list: rows.map(toView), total: n, page: f.page, page_size: f.pageSize, unread };
}

/**
 * Marks `ids` (or, with 'all', every unread message) of the company read. An id that is not the
 * company's answers 404 like a missing one and nothing is marked; a message already read keeps
 * its first read time.
 */
export async function markRead(
  db: Db,
  companyId: number,
  ids: readonly number[] | 'all',
  now: Date,
): Promise<MessageReadResult> {
  return withTx(db, async (tx) => {
    const own = eq(messages.companyId, companyId);
    if (ids !== 'all') {
      const found = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(own, inArray(messages.id, [...ids])));
      if (found.length !== ids.length) throw notFound(MESSAGE_NOT_FOUND);
    }
    const changed = await tx
      .update(messages)
      .set({ readAt: now })
      .where(and(own, isNull(messages.readAt), ids === 'all' ? undefined : inArray(messages.id, [...ids])))
      .returning({ id: messages.id });
    return { count: changed.length, unread: await unreadCount(tx, companyId) };
  });
}
