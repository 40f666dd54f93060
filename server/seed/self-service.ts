// Demo rows for the self-service pages of the `demo` account: product requests in each status
// (one listed with a goods link), feedback with and without our reply, and 到货通知/降价提醒 —
// one waiting on a goods that is out of stock, one waiting for a lower price, one already sent
// — and the messages the answered requests and the sent alert wrote (我的消息).
import type { Db } from '../db/client.ts';
import { feedback, goodsAlerts, messages, productRequests } from '../db/schema.ts';
import { addDays } from './dates.ts';
import { changeGoods } from '../services/catalogue/change-goods.ts';
import type { GoodsInsert } from './goods.ts';

export interface SelfServiceSeed {
  demoCompanyId: number;
  /** The first goods of the catalogue (on sale); 控销 ones are skipped. */
  goods: readonly GoodsInsert[];
}

export async function seedSelfService(db: Db, now: Date, s: SelfServiceSeed): Promise<void> {
  const plain = s.goods.filter((g) => !g.isKx && g.isOnSale !== false);
  const [listed, outOfStock, cheaper, restocked] = [plain[5], plain[7], plain[3], plain[9]];
  const c = s.demoCompanyId;

  await db.insert(productRequests).values([
    {
      companyId: c,
      name: '氨溴索口服溶液',
      sccj: '勃林格殷格翰',
      ypgg: '100ml:0.6g',
      approvalNo: '国药准字H20133377',
      quantity: 60,
      expectedPrice: 2850,
      remark: '冬季用量大',
      createdAt: addDays(now, -1),
    },
    {
      companyId: c,
      name: '铝碳酸镁咀嚼片',
      sccj: '拜耳医药保健有限公司',
      ypgg: '0.5g*20片',
      quantity: 40,
      createdAt: addDays(now, -3),
    },
    {
      companyId: c,
      name: '小儿豉翘清热颗粒',
      sccj: '济川药业集团有限公司',
      ypgg: '2g*6袋',
      approvalNo: '国药准字Z20050110',
      quantity: 120,
      expectedPrice: 2300,
      status: 'replied',
      reply: '已联系厂家，预计两周内到货上架，届时发消息通知您。',
      repliedAt: addDays(now, -5),
      createdAt: addDays(now, -8),
    },
    {
      companyId: c,
      name: String(listed.name),
      sccj: String(listed.sccj),
      ypgg: listed.ypgg ?? '',
      quantity: 30,
      status: 'listed',
      reply: '该品种已上架，欢迎采购。',
      goodsId: listed.id,
      repliedAt: addDays(now, -12),
      createdAt: addDays(now, -20),
    },
  ]);

  await db.insert(feedback).values([
    {
      companyId: c,
      kind: 'delivery',
      content: '上周的订单到货比平时晚了两天，希望能提前告知物流情况。',
      contact: '13926041288',
      reply: '非常抱歉，因仓库盘点导致延迟，已为贵店开通发货短信提醒。',
      repliedAt: addDays(now, -2),
      createdAt: addDays(now, -4),
    },
    { companyId: c, kind: 'website', content: '建议快捷采购支持按上次数量一键补货。', createdAt: addDays(now, -1) },
  ]);

  // The out-of-stock goods a 到货通知 waits for: the demo catalogue has stock on everything.
  await changeGoods(db, outOfStock.id, { stock: 0 }, now);
  const cheaperTarget = Math.max(1, Math.floor(Number(cheaper.basePrice) * 0.9));
  await db.insert(goodsAlerts).values([
    { companyId: c, goodsId: outOfStock.id, kind: 'restock', createdAt: addDays(now, -2) },
    { companyId: c, goodsId: cheaper.id, kind: 'price_drop', targetPrice: cheaperTarget, createdAt: addDays(now, -6) },
    { companyId: c, goodsId: restocked.id, kind: 'restock', notifiedAt: addDays(now, -1), createdAt: addDays(now, -9) },
  ]);
  await db.insert(messages).values([
    {
      companyId: c,
      title: '求购品种已上架',
      body: `您求购的「${listed.name}」已上架：该品种已上架，欢迎采购。`,
      kind: 'system',
      link: '/pzqg',
      createdAt: addDays(now, -12),
    },
    {
      companyId: c,
      title: '求购已回复',
      body: '您求购的「小儿豉翘清热颗粒」有新回复：已联系厂家，预计两周内到货上架，届时发消息通知您。',
      kind: 'system',
      createdAt: addDays(now, -5),
    },
  ]);
  await db.insert(messages).values({
    companyId: c,
    title: '到货通知',
    body: `您订阅的「${restocked.name}${restocked.ypgg ? `（${restocked.ypgg}）` : ''}」已到货，当前库存${restocked.stock}${restocked.bzdw ?? '盒'}，欢迎选购。`,
    kind: 'system',
    link: `/list/info/${restocked.id}`,
    createdAt: addDays(now, -1),
  });
}
