// Demo identity data for the account centre: sign-ins for the login history (/basic) — each demo
// account has signed in from its shop's PC and a phone over the past weeks; real sign-ins append
// to the same table — and one bound WeChat (/bdwx shows the bound state for `chain`; demo is left
// unbound to show the QR flow).
import type { Db } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { loginEvents, users } from '../db/schema.ts';
import { addDays } from './dates.ts';

const PC =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (Linux; Android 13; V2183A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Mobile Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';

/** Days ago, hour (Shanghai, as UTC+8), address and client of each demo sign-in; oldest first. */
const VISITS: [number, number, string, string][] = [
  [28, 9, '113.108.77.23', PC],
  [21, 14, '113.108.77.23', PC],
  [14, 10, '223.104.63.118', PHONE],
  [9, 16, '113.108.77.23', PC],
  [5, 8, '117.136.40.52', WECHAT],
  [2, 11, '113.108.77.23', PC],
];

export async function seedLoginHistory(db: Db, now: Date, userIds: readonly number[]): Promise<void> {
  const rows = userIds.flatMap((userId, i) =>
    VISITS.slice(i === 0 ? 0 : 3).map(([daysAgo, hour, ip, userAgent], j) => {
      const at = addDays(now, -daysAgo);
      at.setUTCHours(hour - 8, (17 * (i + j)) % 60, 0, 0);
      return {
        userId,
        method: i === 0 && j === 0 ? ('register' as const) : ('password' as const),
        ip,
        userAgent,
        createdAt: at,
      };
    }),
  );
  if (rows.length > 0) await db.insert(loginEvents).values(rows);
}

/** `chain`'s owner bound the head office account to their WeChat (an openid-shaped demo id). */
export async function seedWechatBinding(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ wechatOpenid: 'oDemoChainHeadOffice00000000', wechatNickname: '华康连锁-刘总' })
    .where(eq(users.id, userId));
}
