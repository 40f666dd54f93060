// The live fan-out, one per server process and database: while anyone is connected, it reads the
// chat lines written since the last id it saw (by this process or any other: WORKERS, several
// machines) and hands each to the local connections that want it. The database is the only bus,
// so nothing depends on which process took the POST; polling works the same on PGlite and
// PostgreSQL (docs/decisions/customer-service-chat.md).
import { asc, eq, gt, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatConversations, chatMessages, staff } from '../../db/schema.ts';
import type { LineListener } from '../../http/chat-stream.ts';
import type { ChatMessageRow } from './messages.ts';

export interface HubLine {
  row: ChatMessageRow;
  /** The buyer the line's conversation belongs to. */
  userId: number;
  agentName: string | null;
}

/** A live connection's interest (server/http/chat-stream.ts streams what it is given). */
export type HubListener = LineListener<HubLine>;

const BATCH = 500;

export class ChatHub {
  private readonly listeners = new Set<HubListener>();
  private lastId: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private baseline: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly intervalMs: number,
  ) {}

  /** Resolves once lines written from now on are sure to reach the listener. */
  async subscribe(listener: HubListener): Promise<() => void> {
    this.listeners.add(listener);
    this.baseline ??= this.readBaseline();
    await this.baseline;
    this.schedule();
    return () => {
      this.listeners.delete(listener);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  closeAll(): void {
    for (const l of [...this.listeners]) l.end();
    this.listeners.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async readBaseline(): Promise<void> {
    const [row] = await this.db.select({ id: max(chatMessages.id) }).from(chatMessages);
    this.lastId = row?.id ?? 0;
  }

  private schedule(): void {
    if (this.timer || this.listeners.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick().then(
        () => this.schedule(),
        (err: unknown) => {
          // A failed read (the database restarting) is retried on the next tick.
          console.error('chat hub poll failed', err);
          this.schedule();
        },
      );
    }, this.intervalMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.listeners.size === 0) {
      // Nobody listens: forget the cursor, the next subscriber reads a fresh baseline.
      this.baseline = null;
      return;
    }
    const rows = await this.db
      .select({ row: chatMessages, userId: chatConversations.userId })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(gt(chatMessages.id, this.lastId ?? 0))
      .orderBy(asc(chatMessages.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    this.lastId = rows[rows.length - 1].row.id;
    const staffIds = [...new Set(rows.flatMap((r) => (r.row.staffId === null ? [] : [r.row.staffId])))];
    const names = new Map(
      staffIds.length === 0
        ? []
        : (await this.db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds))).map(
            (s) => [s.id, s.name],
          ),
    );
    const lines: HubLine[] = rows.map((r) => ({
      row: r.row,
      userId: r.userId,
      agentName: r.row.staffId === null ? null : (names.get(r.row.staffId) ?? null),
    }));
    for (const l of this.listeners) {
      const wanted = lines.filter(l.wants);
      if (wanted.length > 0) l.deliver(wanted);
    }
  }
}

const hubs = new Map<Db, ChatHub>();

/** CHAT_POLL_MS (default 500): how often a process with live connections looks for new lines. */
export function chatHub(db: Db): ChatHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new ChatHub(db, Number(process.env.CHAT_POLL_MS ?? 500));
    hubs.set(db, hub);
  }
  return hub;
}

/** Graceful stop: live connections would otherwise hold the HTTP server open until the drain bound. */
export function closeChatStreams(db: Db): void {
  hubs.get(db)?.closeAll();
  hubs.delete(db);
}
