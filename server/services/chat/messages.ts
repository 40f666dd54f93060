// Chat lines: writing them (either side), reading a member's history, and the delivery/read marks.
// A member only ever reaches conversations whose user_id is theirs; callers pass the member id
// they authenticated, never one from the request.
import { and, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { chatConversations, chatMessages, staff } from '../../db/schema.ts';
import {
  CHAT_PAGE_SIZE,
  type ChatCard,
  type ChatHistory,
  type ChatKind,
  type ChatMessage,
  type ChatSender,
  type ChatStatus,
} from '@domain/chat.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;

/** Where a viewer fetches an image line from: the frame (token) or the console (operator session). */
export type ImageBase = '/api/kf/image' | '/api/admin/chat/image';

export function toChatMessage(row: ChatMessageRow, agentName: string | null, imageBase: ImageBase): ChatMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender: row.sender,
    kind: row.kind,
    body: row.body,
    image_url: row.uploadId === null ? null : `${imageBase}/${row.uploadId}`,
    card: (row.card as ChatCard | null) ?? null,
    agent_name: row.sender === 'agent' ? agentName : null,
    delivered: row.deliveredAt !== null,
    read: row.readAt !== null,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}

export interface NewLine {
  kind: ChatKind;
  body?: string;
  uploadId?: number;
  card?: ChatCard;
}

/** The member's live (waiting or open) conversation, opened as waiting when there is none. */
export async function liveConversation(
  db: Db,
  member: { userId: number; companyId: number },
  now: Date,
): Promise<ConversationRow> {
  const find = async () =>
    (
      await db
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.userId, member.userId), ne(chatConversations.status, 'closed')))
        .limit(1)
    )[0];
  const existing = await find();
  if (existing) return existing;
  // Two tabs (or two processes) may race here: the partial unique index lets one insert win.
  const [created] = await db
    .insert(chatConversations)
    .values({
      companyId: member.companyId,
      userId: member.userId,
      status: 'waiting',
      lastMessageAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return created ?? (await find())!;
}

/** Appends a line and moves the conversation's clock; one transaction. */
export async function appendLine(
  db: Db,
  conversationId: number,
  sender: ChatSender,
  staffId: number | null,
  line: NewLine,
  now: Date,
): Promise<ChatMessageRow> {
  return withTx(db, async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        conversationId,
        sender,
        staffId,
        kind: line.kind,
        body: line.body ?? '',
        uploadId: line.uploadId ?? null,
        card: line.card ?? null,
        createdAt: now,
      })
      .returning();
    await tx.update(chatConversations).set({ lastMessageAt: now }).where(eq(chatConversations.id, conversationId));
    return row;
  });
}

async function agentNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function serialize(db: Db, rows: ChatMessageRow[], imageBase: ImageBase): Promise<ChatMessage[]> {
  const names = await agentNames(
    db,
    rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId])),
  );
  return rows.map((r) => toChatMessage(r, r.staffId === null ? null : (names.get(r.staffId) ?? null), imageBase));
}

/** Lines of the other side that reached this viewer's client are delivered. */
export async function markDelivered(db: Db, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(chatMessages)
    .set({ deliveredAt: now })
    .where(and(inArray(chatMessages.id, ids), isNull(chatMessages.deliveredAt)));
}

/** The member's history over all their conversations, newest page first (`before` pages back). */
export async function memberHistory(
  db: Db,
  userId: number,
  before: number | undefined,
  now: Date,
): Promise<ChatHistory> {
  const conversationIds = db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId));
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(inArray(chatMessages.conversationId, conversationIds), before ? lt(chatMessages.id, before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_PAGE_SIZE + 1);
  const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
  await markDelivered(
    db,
    page.filter((r) => r.sender === 'agent' && r.deliveredAt === null).map((r) => r.id),
    now,
  );
  const [live] = await db
    .select({ id: chatConversations.id, status: chatConversations.status, agent: staff.name })
    .from(chatConversations)
    .leftJoin(staff, eq(staff.id, chatConversations.agentId))
    .where(and(eq(chatConversations.userId, userId), ne(chatConversations.status, 'closed')))
    .limit(1);
  return {
    conversation: live ? { id: live.id, status: live.status as ChatStatus, agent_name: live.agent ?? null } : null,
    messages: await serialize(db, page, '/api/kf/image'),
    has_more: rows.length > CHAT_PAGE_SIZE,
  };
}

/** The buyer saw everything: agent and system lines of their conversations are read. */
export async function markReadByMember(db: Db, userId: number, now: Date): Promise<void> {
  const conversationIds = db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId));
  await db
    .update(chatMessages)
    .set({ readAt: now, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        inArray(chatMessages.conversationId, conversationIds),
        eq(chatMessages.sender, 'agent'),
        isNull(chatMessages.readAt),
      ),
    );
}

/** The side bar's badge: agent lines the member has not read. */
export async function memberUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatConversations.userId, userId), eq(chatMessages.sender, 'agent'), isNull(chatMessages.readAt)));
  return row?.n ?? 0;
}
