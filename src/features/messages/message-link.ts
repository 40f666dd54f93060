// What a message's link is called: the paths the server writes (server/services/messages/texts.ts)
// each get their own words; anything else is 查看详情.
const LINK_TEXTS: readonly [RegExp, string][] = [
  [/^\/order\/afterSalesInfo\//, '查看售后详情'],
  [/^\/order\/info\//, '查看订单'],
  [/^\/order(\?|$)/, '查看订单'],
  [/^\/(yhq|xjq)(\?|$)/, '查看我的券'],
  [/^\/zzzj(\?|$)/, '查看资质证件'],
  [/^\/dzfp(\?|$)/, '查看发票'],
];

export function messageLinkText(link: string): string {
  return LINK_TEXTS.find(([re]) => re.test(link))?.[1] ?? '查看详情';
}
