// /yx_rule (/yx/rule): the free-shipping rules, shown without the shop's header and footer
// (SPEC §2). The worked example is computed with the same domain functions as the cart
// (SPEC §9 shipping shortfall, 单品包邮), so the explanation cannot drift from the rule.
import { formatPrice } from '../../domain/money';
import { shippingShortfall, singleItemFreeShipping } from '../../domain/pricing';
import { SITE_TITLE } from '../../domain/constants';
import { SpaLink } from '../../ui/spa-link';
import styles from './zone.module.css';

/** Example figures (fen) for the worked example; real thresholds are shown in the cart. */
const EXAMPLE = { shipping_amount: 80_000, no_trans_order_amount: 15_000, selected: 52_000 } as const;
const DPBY_EXAMPLE = { qg_number: 10, bought: 12 } as const;

export default function YxRulePage() {
  const shortfall = shippingShortfall(EXAMPLE, EXAMPLE.selected);
  const dpby = singleItemFreeShipping([
    { is_selected: 1, number: DPBY_EXAMPLE.bought, goods: { is_dpby: 1, qg_number: DPBY_EXAMPLE.qg_number } },
  ]);
  return (
    <article className={styles.rule} aria-labelledby="yx-rule-title">
      <header className={styles.ruleTop}>
        <SpaLink href="/" className={styles.ruleSite}>
          {SITE_TITLE}
        </SpaLink>
        <SpaLink href="/yx">返回包邮专区</SpaLink>
      </header>

      <h1 id="yx-rule-title">包邮规则</h1>
      <p>在包邮专区采购，满足以下任一条件即可免运费。包邮门槛以购物车页面显示为准。</p>

      <h2>一、订单满额包邮</h2>
      <p>
        购物车中已勾选商品的金额，加上当日已下单但尚未发货的订单金额，达到包邮金额即免运费。未达到时，购物车会显示“还差
        ¥xx 包邮”。
      </p>

      <h2>二、单品包邮</h2>
      <p>
        标有“单品包邮”的商品设有起购包邮数量（qg_number）。勾选该商品且购买数量不少于起购包邮数量时，本单免运费，不再计算满额门槛。
      </p>

      <h2>三、还差多少包邮</h2>
      <p className={styles.formula}>
        还差金额 = 包邮金额 − 已勾选商品金额 − 当日已下单未发货金额（结果小于 0 时按 0 计）
      </p>
      <table>
        <caption className={styles.note}>示例（金额仅为举例）</caption>
        <tbody>
          <tr>
            <th scope="row">包邮金额</th>
            <td>{formatPrice(EXAMPLE.shipping_amount)}</td>
          </tr>
          <tr>
            <th scope="row">已勾选商品金额</th>
            <td>{formatPrice(EXAMPLE.selected)}</td>
          </tr>
          <tr>
            <th scope="row">当日已下单未发货金额</th>
            <td>{formatPrice(EXAMPLE.no_trans_order_amount)}</td>
          </tr>
          <tr>
            <th scope="row">还差</th>
            <td>{formatPrice(shortfall)}</td>
          </tr>
        </tbody>
      </table>
      <p>
        单品包邮示例：某商品起购包邮数量为 {DPBY_EXAMPLE.qg_number}，勾选购买 {DPBY_EXAMPLE.bought} 件，
        {dpby ? '本单免运费。' : '未达到单品包邮。'}
      </p>

      <h2>四、其他说明</h2>
      <ul>
        <li>金额保留两位小数，向下取整。</li>
        <li>是否包邮及运费金额，以购物车与订单结算页显示为准。</li>
        <li>如有疑问，请联系您的客户经理或客服热线。</li>
      </ul>
    </article>
  );
}
