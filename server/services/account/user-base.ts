// GET /api/user/base and the login answer: the SPEC §3 user state built from the database.
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartLines, companies, messages, siteConfig, staff, users, wallets } from '../../db/schema.ts';
import type { AccountManager, ActingAs, CommonConfig, UserBase } from '@domain/user.ts';
import { hasSignedCurrentContract } from '../contracts/signing.ts';
import { chatToken } from '../chat/token.ts';

export const QUALITY_INSPECTION_FALLBACK_MSG = '质检报告请联系客服索取';

/**
 * site_config keys read here. `common_config` may hold { hot_line, qq1, qq2 } as one object; the
 * single keys win when both exist.
 */
export const USER_BASE_CONFIG_KEYS = ['common_config', 'hot_line', 'qq1', 'qq2', 'login_url'] as const;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

async function readConfig(db: Db): Promise<{ common: CommonConfig; loginUrl: string }> {
  const rows = await db
    .select()
    .from(siteConfig)
    .where(inArray(siteConfig.key, [...USER_BASE_CONFIG_KEYS]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const group = (byKey.get('common_config') ?? {}) as Record<string, unknown>;
  const pick = (k: 'hot_line' | 'qq1' | 'qq2') => str(byKey.get(k) ?? group[k]);
  return {
    common: { hot_line: pick('hot_line'), qq1: pick('qq1'), qq2: pick('qq2') },
    loginUrl: str(byKey.get('login_url')),
  };
}

export async function staffMember(db: Db, id: number | null, role: 'account_manager' | 'salesperson') {
  if (id !== null) {
    const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
    if (row) return row;
  }
  if (role !== 'account_manager') return null;
  // Buyers without an assigned manager see the default one (is_default = 1).
  const [fallback] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.role, 'account_manager'), eq(staff.isDefault, true)))
    .limit(1);
  return fallback ?? null;
}

/**
 * `actingCompanyId`: the store a head office acts as (the session middleware checked it is one of
 * its stores); the answer is then the store's, with `acting_as` naming it and its head office.
 */
export async function buildUserBase(
  db: Db,
  userId: number,
  actingCompanyId: number | null,
  now: Date,
): Promise<UserBase> {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`buildUserBase: user ${userId} does not exist`);
  const { user } = row;
  let company = row.company;
  let actingAs: ActingAs | null = null;
  if (actingCompanyId !== null && company !== null) {
    const [store] = await db.select().from(companies).where(eq(companies.id, actingCompanyId)).limit(1);
    if (store) {
      actingAs = { company_id: store.id, company: store.name, head_office: company.name };
      company = store;
    }
  }
  const companyId = company?.id ?? null;

  const [config, manager, salesperson, wallet, cart, unread, stores, contractSigned] = await Promise.all([
    readConfig(db),
    staffMember(db, company?.accountManagerId ?? null, 'account_manager'),
    company?.salespersonId ? staffMember(db, company.salespersonId, 'salesperson') : Promise.resolve(null),
    companyId === null
      ? Promise.resolve([])
      : db.select({ points: wallets.points }).from(wallets).where(eq(wallets.companyId, companyId)),
    companyId === null
      ? Promise.resolve([{ n: 0 }])
      : db.select({ n: count() }).from(cartLines).where(eq(cartLines.companyId, companyId)),
    companyId === null
      ? Promise.resolve([{ n: 0 }])
      : db
          .select({ n: count() })
          .from(messages)
          .where(and(eq(messages.companyId, companyId), isNull(messages.readAt))),
    companyId === null
      ? Promise.resolve([{ n: 0 }])
      : db.select({ n: count() }).from(companies).where(eq(companies.parentId, companyId)),
    companyId === null ? Promise.resolve(false) : hasSignedCurrentContract(db, companyId),
  ]);

  const admin: AccountManager | null = manager
    ? { name: manager.name, phone: manager.phone, is_default: flag(manager.isDefault) }
    : null;
  const qualityUrl = company?.qualityInspectionUrl ?? '';
  const isHeadOffice = company !== null && company.parentId === null && (company.kind === 'chain' || stores[0].n > 0);

  return {
    show: true,
    username: user.username,
    name: user.name,
    phone: user.phone,
    company: company?.name ?? '',
    face: user.face,
    rank: company?.rank ?? 0,
    admin,
    address: company ? `${company.province}${company.city}${company.district}${company.address}` : '',
    is_passed: flag(company?.reviewStatus === 'approved'),
    points: wallet[0]?.points ?? 0,
    cart: cart[0].n,
    message_count: unread[0].n,
    wechat: user.wechatOpenid ? user.wechatNickname || '已绑定' : '',
    common_config: config.common,
    quality_inspection: {
      quality_inspection_url: qualityUrl,
      msg: qualityUrl ? '' : QUALITY_INSPECTION_FALLBACK_MSG,
    },
    login_url: config.loginUrl,
    is_show_youx: flag(company?.isShowYoux ?? false),
    is_special: flag(company?.isSpecial ?? false),
    is_can_chat: flag(company?.isCanChat ?? false),
    token: chatToken(user.id, now),
    is_AfterSale: flag(company?.isAfterSale ?? false),
    ywy: salesperson ? { name: salesperson.name, phone: salesperson.phone } : null,
    customer: {
      id: companyId ?? 0,
      review_status: company?.reviewStatus ?? 'draft',
      contract_signed: flag(contractSigned),
      is_head_office: flag(isHeadOffice),
    },
    // Only while acting: a single pharmacy's answer keeps its usual keys.
    ...(actingAs ? { acting_as: actingAs } : {}),
  };
}
