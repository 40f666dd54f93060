// Customer-service chat demo data: `demo` has one earlier, closed conversation with the 客服
// operator `support` (so reopening the chat shows history, with a goods card in it), and `chain`
// has one waiting for an agent (so the console's 待接入 list has a row).
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { chatConversations, chatMessages, goods, staff } from '../db/schema.ts';
import { addDays, addMinutes } from './dates.ts';
import { formatPrice } from '@domain/money.ts';
import type { ChatCard } from '@domain/chat.ts';

export async function seedChat(
  db: Db,
  now: Date,
  accounts: { demo: { userId: number; companyId: number }; chain: { userId: number; companyId: number } },
): Promise<void> {
  const [agent] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(eq(staff.username, 'support'))
    .limit(1);
  const [g] = await db
    .select({ id: goods.id, name: goods.name, spec: goods.ypgg, price: goods.basePrice, image: goods.image })
    .from(goods)
    .where(and(eq(goods.isOnSale, true)))
    .orderBy(asc(goods.id))
    .limit(1);
  if (!agent || !g) return;
  const card: ChatCard = {
    type: 'goods',
    id: g.id,
    name: g.name,
    spec: g.spec,
    price_text: formatPrice(g.price),
    image: g.image,
  };

  const start = addDays(now, -3);
  const at = (min: number) => addMinutes(start, min);
  const read = (min: number) => ({ createdAt: at(min), deliveredAt: at(min), readAt: at(min + 1) });
  const [earlier] = await db
    .insert(chatConversations)
    .values({
      companyId: accounts.demo.companyId,
      userId: accounts.demo.userId,
      status: 'closed',
      agentId: agent.id,
      lastMessageAt: at(12),
      closedAt: at(12),
      createdAt: at(0),
    })
    .returning({ id: chatConversations.id });
  await db.insert(chatMessages).values([
    {
      conversationId: earlier.id,
      sender: 'buyer',
      kind: 'text',
      body: '你好，想问一下这个品种近期有没有货？',
      ...read(0),
    },
    { conversationId: earlier.id, sender: 'buyer', kind: 'goods', card, ...read(0.5) },
    { conversationId: earlier.id, sender: 'system', kind: 'text', body: `客服${agent.name}为您服务`, ...read(1) },
    {
      conversationId: earlier.id,
      sender: 'agent',
      staffId: agent.id,
      kind: 'text',
      body: '您好，该商品目前有货，下单后一般24小时内发货。',
      ...read(2),
    },
    { conversationId: earlier.id, sender: 'buyer', kind: 'text', body: '好的，谢谢！', ...read(5) },
    {
      conversationId: earlier.id,
      sender: 'system',
      kind: 'text',
      body: '本次会话已结束，如有问题可随时再次咨询',
      ...read(12),
    },
  ]);

  const asked = addMinutes(now, -20);
  const [waiting] = await db
    .insert(chatConversations)
    .values({
      companyId: accounts.chain.companyId,
      userId: accounts.chain.userId,
      status: 'waiting',
      lastMessageAt: asked,
      createdAt: asked,
    })
    .returning({ id: chatConversations.id });
  await db.insert(chatMessages).values([
    {
      conversationId: waiting.id,
      sender: 'buyer',
      kind: 'text',
      body: '请问门店订单可以合并发货吗？',
      createdAt: asked,
    },
  ]);
}
