// The member area's menu (会员中心, 订单中心, 账户中心, 我的钱包, 自助服务): SPEC's member, account,
// wallet and self-service children, in SPEC order, plus the pages issue 17/19 added to those areas.
// `also` are the other paths that show the same page (SPEC aliases and a page's sub-pages).

export interface MemberMenuItem {
  href: string;
  text: string;
  also?: readonly string[];
  /** Shows the unread message count. */
  unread?: true;
  /** A WeChat page: shown only where the shop offers WeChat (shop_mode `wechat`). */
  wechat?: true;
}

export interface MemberMenuGroup {
  title: string;
  items: readonly MemberMenuItem[];
}

export const MEMBER_MENU: readonly MemberMenuGroup[] = [
  {
    title: '会员中心',
    items: [
      { href: '/user', text: '会员首页' },
      { href: '/cjjl', text: '我的抽奖' },
    ],
  },
  {
    title: '账户中心',
    items: [
      { href: '/basic', text: '基本信息', also: ['/zhzx'] },
      { href: '/zzzj', text: '资质证件' },
      { href: '/jybg', text: '药检报告' },
      { href: '/ddgl', text: '多门店管理' },
      { href: '/bdwx', text: '绑定微信', wechat: true },
      { href: '/addr', text: '收货地址' },
      { href: '/wdxx', text: '我的消息', unread: true },
      { href: '/dzht', text: '电子合同' },
    ],
  },
  {
    title: '我的钱包',
    items: [
      { href: '/yegl', text: '余额管理', also: ['/wdqb', '/wdqb_yegl'] },
      { href: '/jfgl', text: '积分管理', also: ['/wdqb_jfgl'] },
      { href: '/yhq', text: '我的优惠券', also: ['/wdqb_yhq'] },
      { href: '/xjq', text: '我的现金券', also: ['/wdqb_xjq'] },
    ],
  },
  {
    title: '自助服务',
    items: [
      { href: '/kjcg', text: '快捷采购' },
      { href: '/pzqg', text: '品种求购', also: ['/zzfw', '/pzqg/add', '/pzqg/info'] },
      { href: '/dzfp', text: '电子发票' },
      { href: '/star', text: '我的收藏' },
      { href: '/yjfk', text: '意见反馈' },
      { href: '/alerts', text: '到货/降价提醒' },
    ],
  },
];

/** The menu item the path shows, if any. */
export function activeMenuHref(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const group of MEMBER_MENU) {
    for (const item of group.items) {
      if (item.href === path || item.also?.includes(path)) return item.href;
    }
  }
  return null;
}
