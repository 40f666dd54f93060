// 我的消息 demo data for `demo`: older read messages of each kind (so the list has a second page).
// The reminder for demo's GSP certificate that expires in 20 days (seed/qualifications.ts) is not
// seeded: the server's reminder sweep writes it at start, as it would for any company.
import { messages } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { addDays } from './dates.ts';

export async function seedDemoMessages(db: Db, now: Date, demoCompanyId: number): Promise<void> {
  const read = (days: number) => ({ createdAt: addDays(now, -days), readAt: addDays(now, -days + 0.5) });
  await db.insert(messages).values([
    {
      companyId: demoCompanyId,
      kind: 'system',
      title: '春节期间发货安排',
      body: '春节期间（除夕至初六）仓库暂停发货，期间订单将于初七起按下单顺序陆续发出，敬请谅解。',
      ...read(60),
    },
    {
      companyId: demoCompanyId,
      kind: 'system',
      title: '系统升级通知',
      body: '本周六凌晨1:00-3:00系统升级维护，期间无法下单和支付，给您带来不便敬请谅解。',
      ...read(45),
    },
    {
      companyId: demoCompanyId,
      kind: 'order',
      title: '订单已完成',
      body: '您的订单已确认收货，获得的积分已发放到账户，欢迎再次采购。',
      link: '/order?tab=completed',
      ...read(38),
    },
    {
      companyId: demoCompanyId,
      kind: 'order',
      title: '发票已开具',
      body: '您申请的电子发票已开具，可在“电子发票-我的发票”中下载。',
      link: '/dzfp?tab=mine',
      ...read(30),
    },
    {
      companyId: demoCompanyId,
      kind: 'promotion',
      title: '满减活动开始',
      body: '全场满1000减50、满3000减200活动已开始，部分商品参与，详情见活动页。',
      ...read(20),
    },
    {
      companyId: demoCompanyId,
      kind: 'promotion',
      title: '领券中心上新',
      body: '领券中心新增多张品类优惠券，数量有限，领完即止。',
      link: '/lqzx',
      ...read(12),
    },
    {
      companyId: demoCompanyId,
      kind: 'system',
      title: '专属客户经理变更',
      body: '为更好地为您服务，您的专属客户经理已变更为张经理，联系电话见会员中心。',
      ...read(8),
    },
    {
      companyId: demoCompanyId,
      kind: 'order',
      title: '订单支付成功',
      body: '您的订单已支付成功，仓库将尽快为您安排发货。',
      link: '/order?tab=paid',
      createdAt: addDays(now, -1),
    },
  ]);
}
