// The one place self-service writes a buyer message (/wdxx, the messages table): goods alerts
// firing, a product request answered.
// TODO(server/services/messages): the members issue's messages module owns buyer messages; at
// merge this becomes a call to it, and nothing else here changes.
import type { Db } from '../db/client.ts';
import { messages } from '../db/schema.ts';

export interface BuyerMessage {
  companyId: number;
  title: string;
  body: string;
  kind: string;
}

export async function writeBuyerMessage(db: Db, msg: BuyerMessage, now: Date): Promise<void> {
  await db.insert(messages).values({ companyId: msg.companyId, title: msg.title, body: msg.body, kind: msg.kind, createdAt: now });
}
