// Static footer content: service promises, help-centre links (SPEC §2 help routes) and the content
// statement (SPEC §1). The operator's licences are shop data (GET /api/global/shop_mode).

export const SERVICE_PROMISES = [
  { mark: '正', title: '正品保障', text: '正规渠道 品质可溯' },
  { mark: '全', title: '品类齐全', text: '万余品种 一站采购' },
  { mark: '快', title: '极速配送', text: '当日下单 次日送达' },
  { mark: '省', title: '价格透明', text: '阶梯报价 满额包邮' },
  { mark: '安', title: '售后无忧', text: '专属客服 退换有保障' },
] as const;

export const HELP_GROUPS = [
  {
    title: '新手指南',
    links: [
      { name: '会员注册', href: '/help/xrzn/hyzc' },
      { name: '购物指南', href: '/help/xrzn/gwzn' },
      { name: '安全购药', href: '/help/xrzn/aqgy' },
    ],
  },
  {
    title: '服务保障',
    links: [
      { name: '网站资质', href: '/help/fwbz/wzzz' },
      { name: '用户协议', href: '/help/fwbz/yhxy' },
      { name: '专属客服', href: '/help/fwbz/zskf' },
    ],
  },
  {
    title: '支付配送',
    links: [
      { name: '订单支付', href: '/help/zfps/ddzf' },
      { name: '货物配送', href: '/help/zfps/hwps' },
      { name: '药品退换', href: '/help/zfps/ypth' },
    ],
  },
  {
    title: '关于我们',
    links: [
      { name: '投诉建议', href: '/help/us/tsjy' },
      { name: '联系我们', href: '/help/us/link' },
      { name: '隐私政策', href: '/privacy' },
    ],
  },
  {
    title: '资讯中心',
    links: [
      { name: '行业资讯', href: '/news/hy' },
      { name: '公司新闻', href: '/news/company' },
    ],
  },
] as const;

/** SPEC §1 statement (wording used by licensed Chinese online pharmacies). */
export const CONTENT_STATEMENT =
  '本网站不发布毒性药品、麻醉药品、精神药品、放射性药品、戒毒药品和医疗机构制剂的产品信息及未经审批的药品广告';
