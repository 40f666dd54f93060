// The e-contract (电子合同) text, versioned, in one place. Releasing a new version means appending
// it to CONTRACT_VERSIONS: the last entry is current, every company must sign it again before its
// next checkout (459), and the PDF of an older signature still renders the text that was signed.
// `{…}` placeholders are filled with the signing company's details (fill.ts).

export interface ContractSection {
  heading: string;
  clauses: string[];
}

export interface ContractVersion {
  version: string;
  title: string;
  /** Our side of the contract (甲方, the supplier that operates the shop). */
  supplier: { name: string; creditCode: string; address: string; phone: string };
  sections: ContractSection[];
}

const SUPPLIER = {
  name: '广州康源医药有限公司',
  creditCode: '91440101MA5CKY2R3N',
  address: '广东省广州市黄埔区科学大道188号康源医药物流中心',
  phone: '400-020-8899',
};

const V2024: ContractVersion = {
  version: '2024版',
  title: '药品购销框架合同',
  supplier: SUPPLIER,
  sections: [
    {
      heading: '第一条 合同双方',
      clauses: [
        '甲方（供货方）：{supplier}，统一社会信用代码：{supplier_credit_code}，地址：{supplier_address}。',
        '乙方（采购方）：{company}，统一社会信用代码：{credit_code}，法定代表人：{legal_person}，地址：{address}，联系人：{contact}，联系电话：{phone}。',
        '双方依据《中华人民共和国民法典》《中华人民共和国药品管理法》《药品经营质量管理规范》（GSP）等法律法规，本着平等自愿、诚实信用的原则，就乙方通过康源医药网向甲方采购药品、医疗器械及相关商品事宜，订立本框架合同。',
      ],
    },
    {
      heading: '第二条 合同标的与订单',
      clauses: [
        '本合同为框架合同，具体采购商品的品名、规格、生产企业、批准文号、数量、单价及金额以乙方在康源医药网提交并经系统确认的电子订单为准，电子订单是本合同不可分割的组成部分。',
        '乙方提交订单即视为向甲方发出要约，甲方系统确认订单并扣减库存后合同成立。因库存不足、商品下架或价格调整导致订单无法履行的，甲方应及时通知乙方，双方互不承担违约责任。',
      ],
    },
    {
      heading: '第三条 资质与经营范围',
      clauses: [
        '乙方保证其持有合法有效的营业执照、药品经营许可证或医疗机构执业许可证等资质证明文件，并仅在核准的经营范围内采购。乙方资质发生变更或即将到期的，应在变更或到期前30日内向甲方提交更新后的资质文件。',
        '甲方保证所售商品来源合法，具备合法有效的药品经营许可证及相关资质，并按乙方要求提供加盖甲方质量管理专用章的资质复印件及药品检验报告。',
      ],
    },
    {
      heading: '第四条 价格与结算',
      clauses: [
        '商品价格以乙方下单时康源医药网显示的会员价格为准，含增值税。满减、优惠券、现金券等优惠按下单时页面公示的活动规则执行。',
        '乙方可采用在线支付、账户余额或对公转账方式付款。订单在规定时限内未付款的，系统自动取消订单并释放库存。甲方按乙方申请开具增值税普通发票或增值税专用发票。',
      ],
    },
    {
      heading: '第五条 交货与验收',
      clauses: [
        '甲方按订单约定的收货地址配送，运输过程应符合药品储存条件要求，冷链药品须全程冷链运输。运费按康源医药网公示的包邮规则执行。',
        '乙方应在收货时当场核对品名、规格、批号、数量及外包装，并在收货后3个工作日内完成验收。发现破损、短缺、批号不符或质量问题的，应在验收期内通过售后服务提出，逾期视为验收合格（隐蔽质量问题除外）。',
      ],
    },
    {
      heading: '第六条 质量保证与退换货',
      clauses: [
        '甲方保证所供商品符合国家药品标准及质量要求，有效期不少于6个月（近效期商品在商品页面另行注明的除外）。',
        '因商品质量问题产生的退换货，甲方承担相关费用；非质量问题的退换货按康源医药网《药品退换货说明》执行。药品一经售出，除质量问题外原则上不予退换。',
      ],
    },
    {
      heading: '第七条 保密与信息',
      clauses: [
        '双方对在履行本合同过程中知悉的对方商业秘密、价格信息及客户信息负有保密义务，未经对方书面同意不得向第三方披露，法律法规另有规定的除外。',
      ],
    },
    {
      heading: '第八条 违约责任与争议解决',
      clauses: [
        '任何一方违反本合同约定的，应承担相应的违约责任并赔偿对方因此遭受的直接损失。',
        '因本合同引起的争议，双方应友好协商解决；协商不成的，任何一方均可向甲方所在地有管辖权的人民法院提起诉讼。',
      ],
    },
    {
      heading: '第九条 合同期限与效力',
      clauses: [
        '本合同自乙方在康源医药网完成电子签署之日起生效，有效期一年；期满前双方均未提出异议的，自动顺延一年。甲方发布新版合同的，乙方应在下次下单前重新签署，新版合同签署后本合同自动终止。',
        '本合同以电子形式签署，甲方系统记录的签署时间、签署账号及签署IP地址作为签署凭证，与书面合同具有同等法律效力。',
      ],
    },
  ],
};

/** Every version ever released, oldest first; the last one is current. */
export const CONTRACT_VERSIONS: ContractVersion[] = [V2024];

export function currentContract(): ContractVersion {
  const last = CONTRACT_VERSIONS[CONTRACT_VERSIONS.length - 1];
  if (!last) throw new Error('no e-contract version');
  return last;
}

/** The text of a signed version; an unknown one (removed from the list) falls back to the current text. */
export function contractVersion(version: string): ContractVersion {
  return CONTRACT_VERSIONS.find((v) => v.version === version) ?? currentContract();
}
