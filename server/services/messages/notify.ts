// The one way the server writes a message to a company (我的消息). Callers pass their own
// transaction handle, so the message commits or rolls back with the event that caused it.
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import type { MessageKind } from '@domain/messages.ts';

export interface MessageDraft {
  kind: MessageKind;
  title: string;
  body: string;
  /** A shop path the message opens (`/order/info/12`, `/yhq` …). */
  link?: string | null;
  /**
   * For reminders that must be written once: a second write with the same key for the same
   * company inserts nothing (unique index messages_dedupe_uq), even from another worker.
   */
  dedupeKey?: string;
}

/** Writes `draft` to `companyId`'s messages; false when its dedupe key was already written. */
export async function notifyCompany(db: Db, companyId: number, draft: MessageDraft, now: Date): Promise<boolean> {
  const rows = await db
    .insert(messages)
    .values({
      companyId,
      kind: draft.kind,
      title: draft.title,
      body: draft.body,
      link: draft.link ?? null,
      dedupeKey: draft.dedupeKey ?? null,
      createdAt: now,
    })
    // ON CONFLICT DO NOTHING (not a caught unique violation): a conflict must not abort the
    // caller's transaction.
    .onConflictDoNothing()
    .returning({ id: messages.id });
  return rows.length > 0;
}
