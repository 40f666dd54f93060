// The agent side of the customer-service chat (operator console, 客服 and 管理员): the waiting and
// open conversations, the buyer beside one, and taking, transferring and closing it. Each of those
// three writes a system line (so both sides' live connections hear of it) and an audit row, in the
// transaction of the change.
import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { cartLines, chatConversations, chatMessages, companies, goods, orders, staff, users } from '../../db/schema.ts';
import { AppError, forbidden, notFound, validationError } from '../../http/envelope.ts';
import { writeAudit, type Actor } from './audit.ts';
import { appendLine, serialize, type ConversationRow, type NewLine } from '../chat/messages.ts';
import { formatPrice } from '@domain/money.ts';
import { ORDER_STATUS_TEXT, type OrderStatus } from '@domain/orders.ts';
import {
  chatPreview,
  type ChatAgent,
  type ChatBuyerContext,
  type ChatConversationRow,
  type ChatHistory,
  type ChatStatus,
} from '@domain/chat.ts';
import type { OperatorRole } from '@domain/operator-roles.ts';

export const CONVERSATION_NOT_FOUND = '会话不存在';
const AGENT_ROLES: OperatorRole[] = ['admin', 'support'];

export interface Agent extends Actor {
  role: OperatorRole;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** `waiting`, `open` (every agent's), `mine` (open and mine) or `closed` (the latest 50). */
export type ConversationFilter = 'waiting' | 'open' | 'mine' | 'closed';

export async function listConversations(
  db: Db,
  agentId: number,
  filter: ConversationFilter,
): Promise<ChatConversationRow[]> {
  const where =
    filter === 'mine'
      ? and(eq(chatConversations.status, 'open'), eq(chatConversations.agentId, agentId))
      : eq(chatConversations.status, filter);
  const rows = await db
    .select({ c: chatConversations, company: companies.name, username: users.username, agent: staff.name })
    .from(chatConversations)
    .innerJoin(companies, eq(companies.id, chatConversations.companyId))
    .innerJoin(users, eq(users.id, chatConversations.userId))
    .leftJoin(staff, eq(staff.id, chatConversations.agentId))
    .where(where)
    .orderBy(desc(chatConversations.lastMessageAt))
    .limit(filter === 'closed' ? 50 : 200);
  const ids = rows.map((r) => r.c.id);
  if (ids.length === 0) return [];
  const unread = await db
    .select({ id: chatMessages.conversationId, n: count() })
    .from(chatMessages)
    .where(
      and(inArray(chatMessages.conversationId, ids), eq(chatMessages.sender, 'buyer'), isNull(chatMessages.readAt)),
    )
    .groupBy(chatMessages.conversationId);
  const unreadById = new Map(unread.map((u) => [u.id, u.n]));
  // The last line of each: one query over the listed conversations, newest first.
  const lastLines = await db
    .select()
    .from(chatMessages)
    .where(and(inArray(chatMessages.conversationId, ids), ne(chatMessages.sender, 'system')))
    .orderBy(desc(chatMessages.id))
    .limit(ids.length * 5);
  const lastById = new Map<number, string>();
  for (const l of lastLines)
    if (!lastById.has(l.conversationId))
      lastById.set(l.conversationId, chatPreview({ kind: l.kind, body: l.body, card: null }));
  return rows.map((r) => ({
    id: r.c.id,
    status: r.c.status as ChatStatus,
    company_id: r.c.companyId,
    company_name: r.company,
    username: r.username,
    agent_id: r.c.agentId,
    agent_name: r.agent,
    last_message: lastById.get(r.c.id) ?? '',
    unread: unreadById.get(r.c.id) ?? 0,
    last_message_at: seconds(r.c.lastMessageAt),
  }));
}

export async function findConversation(db: Db, id: number): Promise<ConversationRow> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/** A conversation's lines for the console (all of them: a conversation is a few hundred at most). */
export async function conversationLines(db: Db, id: number, now: Date): Promise<ChatHistory> {
  const [c] = await db
    .select({ c: chatConversations, agent: staff.name })
    .from(chatConversations)
    .leftJoin(staff, eq(staff.id, chatConversations.agentId))
    .where(eq(chatConversations.id, id))
    .limit(1);
  if (!c) throw notFound(CONVERSATION_NOT_FOUND);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, id))
    .orderBy(chatMessages.id)
    .limit(1000);
  await db
    .update(chatMessages)
    .set({ deliveredAt: now })
    .where(
      and(eq(chatMessages.conversationId, id), eq(chatMessages.sender, 'buyer'), isNull(chatMessages.deliveredAt)),
    );
  return {
    conversation: { id: c.c.id, status: c.c.status as ChatStatus, agent_name: c.agent },
    messages: await serialize(db, rows, '/api/admin/chat/image'),
    has_more: false,
  };
}

/** The agent opened it: the buyer's lines are read. */
export async function markReadByAgent(db: Db, id: number, now: Date): Promise<void> {
  await findConversation(db, id);
  await db
    .update(chatMessages)
    .set({ readAt: now, deliveredAt: now })
    .where(and(eq(chatMessages.conversationId, id), eq(chatMessages.sender, 'buyer'), isNull(chatMessages.readAt)));
  // deliveredAt of already delivered lines is overwritten above only where it was null before read.
}

export async function buyerContext(db: Db, id: number): Promise<ChatBuyerContext> {
  const conv = await findConversation(db, id);
  const [company] = await db.select().from(companies).where(eq(companies.id, conv.companyId)).limit(1);
  const recent = await db
    .select({
      id: orders.id,
      sn: orders.orderNo,
      amount: orders.payAmount,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.companyId, conv.companyId))
    .orderBy(desc(orders.createdAt))
    .limit(5);
  const cart = await db
    .select({ goodsId: cartLines.goodsId, name: goods.name, spec: goods.ypgg, number: cartLines.number })
    .from(cartLines)
    .innerJoin(goods, eq(goods.id, cartLines.goodsId))
    .where(eq(cartLines.companyId, conv.companyId))
    .orderBy(desc(cartLines.id))
    .limit(10);
  return {
    company: {
      id: company.id,
      name: company.name,
      contact: company.contactName,
      phone: company.contactPhone,
      rank: company.rank,
      address: [company.province, company.city, company.district, company.address].join(''),
    },
    orders: recent.map((o) => ({
      id: o.id,
      sn: o.sn,
      amount_text: formatPrice(o.amount),
      status_text: ORDER_STATUS_TEXT[o.status as OrderStatus] ?? o.status,
      created_at: seconds(o.createdAt),
    })),
    cart: cart.map((l) => ({ goods_id: l.goodsId, name: l.name, spec: l.spec, number: l.number })),
  };
}

export async function listAgents(db: Db): Promise<ChatAgent[]> {
  const rows = await db
    .select({ id: staff.id, name: staff.name, role: staff.consoleRole })
    .from(staff)
    .where(and(inArray(staff.consoleRole, AGENT_ROLES), eq(staff.disabled, false)))
    .orderBy(staff.id);
  return rows.map((r) => ({ id: r.id, name: r.name, role: r.role ?? '' }));
}

const refuseClosed = () => new AppError(409, 409, '会话已结束');

/**
 * An agent may write in a waiting conversation (which takes it) or in one they hold; 管理员 may
 * write anywhere. Another agent's conversation needs a transfer first.
 */
export async function agentSend(db: Db, agent: Agent, id: number, line: NewLine, now: Date) {
  return withTx(db, async (tx) => {
    const conv = await lockConversation(tx, id);
    if (conv.status === 'closed') throw refuseClosed();
    if (conv.status === 'open' && conv.agentId !== agent.staffId && agent.role !== 'admin')
      throw forbidden('该会话由其他客服接待');
    if (conv.status === 'waiting') await take(tx, agent, conv, now);
    return appendLine(tx, id, 'agent', agent.staffId, line, now);
  });
}

async function lockConversation(db: Db, id: number): Promise<ConversationRow> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).for('update').limit(1);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

async function take(tx: Db, agent: Agent, conv: ConversationRow, now: Date): Promise<void> {
  await tx
    .update(chatConversations)
    .set({ status: 'open', agentId: agent.staffId })
    .where(eq(chatConversations.id, conv.id));
  await appendLine(tx, conv.id, 'system', null, { kind: 'text', body: `客服${agent.name}为您服务` }, now);
  await writeAudit(
    tx,
    agent,
    {
      action: 'chat.take',
      targetType: 'chat_conversation',
      targetId: conv.id,
      before: { status: conv.status, agent_id: conv.agentId },
      after: { status: 'open', agent_id: agent.staffId },
    },
    now,
  );
}

export async function takeConversation(db: Db, agent: Agent, id: number, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const conv = await lockConversation(tx, id);
    if (conv.status === 'closed') throw refuseClosed();
    if (conv.status === 'open')
      throw new AppError(409, 409, conv.agentId === agent.staffId ? '您已在接待该会话' : '该会话已被其他客服接入');
    await take(tx, agent, conv, now);
  });
}

export async function transferConversation(
  db: Db,
  agent: Agent,
  id: number,
  toStaffId: number,
  now: Date,
): Promise<void> {
  await withTx(db, async (tx) => {
    const conv = await lockConversation(tx, id);
    if (conv.status === 'closed') throw refuseClosed();
    if (conv.status === 'open' && conv.agentId !== agent.staffId && agent.role !== 'admin')
      throw forbidden('只能转接自己接待的会话');
    const [target] = await tx
      .select({ id: staff.id, name: staff.name })
      .from(staff)
      .where(and(eq(staff.id, toStaffId), inArray(staff.consoleRole, AGENT_ROLES), eq(staff.disabled, false)))
      .limit(1);
    if (!target) throw validationError({ staff_id: ['请选择要转接的客服'] });
    if (target.id === conv.agentId) throw validationError({ staff_id: ['该会话已由此客服接待'] });
    await tx.update(chatConversations).set({ status: 'open', agentId: target.id }).where(eq(chatConversations.id, id));
    await appendLine(tx, id, 'system', null, { kind: 'text', body: `已为您转接客服${target.name}` }, now);
    await writeAudit(
      tx,
      agent,
      {
        action: 'chat.transfer',
        targetType: 'chat_conversation',
        targetId: id,
        before: { status: conv.status, agent_id: conv.agentId },
        after: { status: 'open', agent_id: target.id },
      },
      now,
    );
  });
}

export async function closeConversation(db: Db, agent: Agent, id: number, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const conv = await lockConversation(tx, id);
    if (conv.status === 'closed') throw refuseClosed();
    if (conv.status === 'open' && conv.agentId !== agent.staffId && agent.role !== 'admin')
      throw forbidden('只能结束自己接待的会话');
    await appendLine(tx, id, 'system', null, { kind: 'text', body: '本次会话已结束，如有问题可随时再次咨询' }, now);
    await tx.update(chatConversations).set({ status: 'closed', closedAt: now }).where(eq(chatConversations.id, id));
    await writeAudit(
      tx,
      agent,
      {
        action: 'chat.close',
        targetType: 'chat_conversation',
        targetId: id,
        before: { status: conv.status, agent_id: conv.agentId },
        after: { status: 'closed' },
      },
      now,
    );
  });
}
