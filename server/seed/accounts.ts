// Demo accounts (DESIGN.md "Demo data"), all with password demo1234:
//   demo        approved pharmacy with everything (chat, manager, wallet, coupons, orders, contract)
//   pending     registered, qualification under review (is_passed = 0), no contract
//   chain       head office (kind chain) managing chain-a and chain-b (多门店)
//   nocontract  approved, e-contract not signed (459 at checkout)
//   clinic      approved clinic whose 经营范围 lacks 中药饮片 (those goods show why and are refused)
//   expired     approved pharmacy whose 药品经营许可证 lapsed (buying blocked until a renewal is approved)
import {
  addresses,
  companies,
  companyCoupons,
  contracts,
  messages,
  staff,
  users,
  walletLedger,
  wallets,
} from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../auth/password.ts';
import { addDays } from './dates.ts';
import { currentContract } from '../services/contracts/versions.ts';
import type { CouponTemplateIds } from './promotions.ts';
import { SCOPE_CLASSES } from '@domain/business-scope.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_USERNAMES = [
  'demo',
  'pending',
  'chain',
  'chain-a',
  'chain-b',
  'nocontract',
  'clinic',
  'expired',
] as const;

export interface SeededAccounts {
  demo: { companyId: number; userId: number; defaultAddressId: number };
  companyIds: Record<(typeof DEMO_USERNAMES)[number], number>;
  userIds: Record<(typeof DEMO_USERNAMES)[number], number>;
  staffCount: number;
}

type CompanyInsert = typeof companies.$inferInsert;

interface AccountDef {
  username: (typeof DEMO_USERNAMES)[number];
  userName: string;
  phone: string;
  company: CompanyInsert;
  /** Username of the head office whose store this is. */
  parent?: (typeof DEMO_USERNAMES)[number];
  wallet: { balance: number; points: number };
}

/** Every 经营范围 class: the demo pharmacies may buy the whole catalogue. */
const DRUG_SCOPE = Object.keys(SCOPE_CLASSES);
/** A clinic's licence: medicines and devices it uses, no 中药饮片, 保健食品 or 计生用品. */
export const CLINIC_SCOPE = ['xy', 'swzp', 'zcy', 'qx', 'xdcp'];

export async function seedAccounts(db: Db, now: Date, coupons: CouponTemplateIds): Promise<SeededAccounts> {
  const staffRows = await db
    .insert(staff)
    .values([
      { name: '张经理', phone: '13926041288', role: 'account_manager', createdAt: addDays(now, -400) },
      { name: '李业务', phone: '15820476631', role: 'salesperson', createdAt: addDays(now, -400) },
      { name: '王丽', phone: '13711352090', role: 'account_manager', isDefault: true, createdAt: addDays(now, -400) },
      { name: '周强', phone: '18688219437', role: 'salesperson', createdAt: addDays(now, -300) },
    ])
    .returning({ id: staff.id });
  const [manager, salesperson, , salesperson2] = staffRows.map((r) => r.id);

  const approved = (signedDaysAgo: number | null): Partial<CompanyInsert> => ({
    reviewStatus: 'approved',
    contractSignedAt: signedDaysAgo === null ? null : addDays(now, -signedDaysAgo),
    businessScope: DRUG_SCOPE,
  });

  const defs: AccountDef[] = [
    {
      username: 'demo',
      userName: '陈建华',
      phone: '13800138000',
      wallet: { balance: 5_000_000, points: 12_800 },
      company: {
        name: '广州市康宁大药房有限公司',
        kind: 'pharmacy',
        rank: 2,
        ...approved(120),
        isSpecial: true,
        isShowYoux: true,
        isCanChat: true,
        accountManagerId: manager,
        salespersonId: salesperson,
        creditCode: '91440106MA59C8K27X',
        legalPerson: '陈建华',
        contactName: '陈建华',
        contactPhone: '13800138000',
        province: '广东省',
        city: '广州市',
        district: '天河区',
        address: '天河路385号康宁大厦首层',
        // The member's quality-inspection link opens the shop's own report search (/jybg).
        qualityInspectionUrl: '/jybg',
      },
    },
    {
      username: 'pending',
      userName: '刘芳',
      phone: '13631457782',
      wallet: { balance: 0, points: 0 },
      company: {
        name: '佛山市禅城区仁心药店',
        kind: 'pharmacy',
        reviewStatus: 'pending',
        reviewNote: '资质已提交，等待审核',
        creditCode: '92440604MA52H3LQ1E',
        legalPerson: '刘芳',
        contactName: '刘芳',
        contactPhone: '13631457782',
        province: '广东省',
        city: '佛山市',
        district: '禅城区',
        address: '祖庙路66号',
      },
    },
    {
      username: 'chain',
      userName: '黄志明',
      phone: '13971256618',
      wallet: { balance: 1_200_000, points: 5_600 },
      company: {
        name: '湖北同济堂连锁药房有限公司',
        kind: 'chain',
        rank: 3,
        ...approved(200),
        isSpecial: true,
        isCanChat: true,
        accountManagerId: manager,
        salespersonId: salesperson2,
        creditCode: '91420100MA4K2Y7P3B',
        legalPerson: '黄志明',
        contactName: '黄志明',
        contactPhone: '13971256618',
        province: '湖北省',
        city: '武汉市',
        district: '江汉区',
        address: '解放大道688号同济堂大厦8楼',
      },
    },
    {
      username: 'chain-a',
      userName: '吴静',
      phone: '15927083341',
      parent: 'chain',
      wallet: { balance: 150_000, points: 800 },
      company: {
        name: '湖北同济堂连锁药房有限公司汉口店',
        kind: 'pharmacy',
        ...approved(200),
        accountManagerId: manager,
        salespersonId: salesperson2,
        contactName: '吴静',
        contactPhone: '15927083341',
        province: '湖北省',
        city: '武汉市',
        district: '江岸区',
        address: '中山大道1088号',
      },
    },
    {
      username: 'chain-b',
      userName: '郑磊',
      phone: '18971426650',
      parent: 'chain',
      wallet: { balance: 80_000, points: 450 },
      company: {
        name: '湖北同济堂连锁药房有限公司武昌店',
        kind: 'pharmacy',
        ...approved(200),
        accountManagerId: manager,
        salespersonId: salesperson2,
        contactName: '郑磊',
        contactPhone: '18971426650',
        province: '湖北省',
        city: '武汉市',
        district: '武昌区',
        address: '中南路99号',
      },
    },
    {
      username: 'nocontract',
      userName: '杨帆',
      phone: '17708201935',
      wallet: { balance: 0, points: 200 },
      company: {
        name: '成都市青羊区惠民诊所',
        kind: 'clinic',
        ...approved(null),
        creditCode: '52510105MJ0T6X2A9K',
        legalPerson: '杨帆',
        contactName: '杨帆',
        contactPhone: '17708201935',
        province: '四川省',
        city: '成都市',
        district: '青羊区',
        address: '东城根上街32号',
      },
    },
    {
      username: 'clinic',
      userName: '何医生',
      phone: '13512268840',
      wallet: { balance: 300_000, points: 0 },
      company: {
        name: '深圳市南山区仁和门诊部',
        kind: 'clinic',
        ...approved(60),
        businessScope: CLINIC_SCOPE,
        accountManagerId: manager,
        creditCode: '52440305MJL2Q8R41C',
        legalPerson: '何志远',
        contactName: '何医生',
        contactPhone: '13512268840',
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        address: '南海大道2163号',
        qualityInspectionUrl: '/jybg',
      },
    },
    {
      username: 'expired',
      userName: '孙梅',
      phone: '13873145529',
      wallet: { balance: 200_000, points: 0 },
      company: {
        name: '长沙市岳麓区福康药店',
        kind: 'pharmacy',
        ...approved(300),
        accountManagerId: manager,
        creditCode: '92430104MA4L7XW52N',
        legalPerson: '孙梅',
        contactName: '孙梅',
        contactPhone: '13873145529',
        province: '湖南省',
        city: '长沙市',
        district: '岳麓区',
        address: '麓山南路18号',
      },
    },
  ];

  // One scrypt derivation for all demo users (same password, one shared salt): these are public
  // demo credentials, and six derivations would only slow every test that seeds. Real accounts
  // always get their own salt from hashPassword at registration.
  const { hash, salt } = await hashPassword(DEMO_PASSWORD);

  const companyIds = {} as SeededAccounts['companyIds'];
  const userIds = {} as SeededAccounts['userIds'];
  for (const d of defs) {
    const createdAt = addDays(now, d.company.reviewStatus === 'pending' ? -2 : -400);
    const [company] = await db
      .insert(companies)
      .values({ ...d.company, parentId: d.parent ? companyIds[d.parent] : null, createdAt, updatedAt: createdAt })
      .returning({ id: companies.id });
    companyIds[d.username] = company.id;
    const [user] = await db
      .insert(users)
      .values({
        companyId: company.id,
        username: d.username,
        passwordHash: hash,
        passwordSalt: salt,
        name: d.userName,
        phone: d.phone,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: users.id });
    userIds[d.username] = user.id;
    await db
      .insert(wallets)
      .values({ companyId: company.id, balance: d.wallet.balance, points: d.wallet.points, updatedAt: now });
    if (d.company.contractSignedAt) {
      await db.insert(contracts).values({
        companyId: company.id,
        version: currentContract().version,
        signedAt: d.company.contractSignedAt,
        signerName: d.userName,
        userId: user.id,
        ip: '113.108.77.20',
      });
    }
  }

  // Opening balances for the others, so the ledger always explains the wallet.
  for (const d of defs) {
    if (d.username === 'demo') continue;
    if (d.wallet.balance > 0) {
      await db.insert(walletLedger).values({
        companyId: companyIds[d.username],
        account: 'balance',
        amount: d.wallet.balance,
        balanceAfter: d.wallet.balance,
        useType: 'recharge',
        remark: '对公转账充值',
        createdAt: addDays(now, -20),
      });
    }
    if (d.wallet.points > 0) {
      await db.insert(walletLedger).values({
        companyId: companyIds[d.username],
        account: 'points',
        amount: d.wallet.points,
        balanceAfter: d.wallet.points,
        useType: 'cashback',
        remark: '历史订单积分',
        createdAt: addDays(now, -20),
      });
    }
  }

  const demoCompany = companyIds.demo;
  const addressRows = await db
    .insert(addresses)
    .values([
      {
        companyId: demoCompany,
        consignee: '陈建华',
        phone: '13800138000',
        province: '广东省',
        city: '广州市',
        district: '天河区',
        detail: '天河路385号康宁大厦首层',
        isDefault: true,
        createdAt: addDays(now, -400),
      },
      {
        companyId: demoCompany,
        consignee: '林小燕',
        phone: '13560218874',
        province: '广东省',
        city: '广州市',
        district: '海珠区',
        detail: '江南大道中168号康宁大药房江南店',
        createdAt: addDays(now, -200),
      },
      ...(['chain-a', 'chain-b', 'nocontract', 'clinic', 'expired'] as const).map((u) => {
        const d = defs.find((x) => x.username === u);
        if (!d) throw new Error(`seed: no account ${u}`);
        return {
          companyId: companyIds[u],
          consignee: d.userName,
          phone: d.phone,
          province: d.company.province ?? '',
          city: d.company.city ?? '',
          district: d.company.district ?? '',
          detail: d.company.address ?? '',
          isDefault: true,
          createdAt: addDays(now, -200),
        };
      }),
    ])
    .returning({ id: addresses.id });

  await db.insert(companyCoupons).values([
    {
      companyId: demoCompany,
      templateId: coupons.manjian1000,
      receivedAt: addDays(now, -5),
      expiresAt: addDays(now, 25),
    },
    {
      companyId: demoCompany,
      templateId: coupons.manjian3000,
      receivedAt: addDays(now, -5),
      expiresAt: addDays(now, 25),
    },
    {
      companyId: demoCompany,
      templateId: coupons.discount95,
      status: 2,
      receivedAt: addDays(now, -50),
      expiresAt: addDays(now, -20),
    },
    {
      companyId: demoCompany,
      templateId: coupons.voucher50,
      receivedAt: addDays(now, -10),
      expiresAt: addDays(now, 80),
    },
    {
      companyId: demoCompany,
      templateId: coupons.voucher100,
      receivedAt: addDays(now, -10),
      expiresAt: addDays(now, 80),
    },
  ]);

  await db.insert(messages).values([
    {
      companyId: demoCompany,
      title: '资质审核通过',
      body: '您提交的企业资质已审核通过，现在可以查看价格并下单采购。如有疑问请联系您的专属客户经理张经理。',
      kind: 'system',
      link: '/user',
      readAt: addDays(now, -119),
      createdAt: addDays(now, -120),
    },
    {
      companyId: demoCompany,
      title: '优惠券到账提醒',
      body: '您有2张优惠券已到账：满1000减50、满3000减200，有效期30天，请在“我的钱包-优惠券”中查看。',
      kind: 'promotion',
      link: '/yhq',
      createdAt: addDays(now, -5),
    },
    {
      companyId: demoCompany,
      title: '秒杀活动预告',
      body: '今日10:00“今日秒杀”准时开抢，多款常备药品低至7折，限量供应，先到先得。',
      kind: 'promotion',
      createdAt: addDays(now, -1),
    },
  ]);

  return {
    demo: { companyId: demoCompany, userId: userIds.demo, defaultAddressId: addressRows[0].id },
    companyIds,
    userIds,
    staffCount: staffRows.length,
  };
}
