// The facts a pharmacy buyer checks before ordering (spec, maker, approval number, batch and
// expiry, packaging, stock, warehouse), then the purchase rules that apply to this goods.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { GoodsDetail } from '../../domain/catalog';
import { isNearExpiry, stockText } from '../../ui/goods/goods-facts';
import styles from './goods-detail.module.css';

/** Search by manufacturer (SPEC §2 search box: type 2). */
export const MANUFACTURER_SEARCH_TYPE = 2;

export function ephedrineNotice(limit: number, unit: string): string {
  return limit > 0
    ? `本品含麻黄碱类成分，每单限购${limit}${unit}，需登记购药人信息`
    : '本品含麻黄碱类成分，需登记购药人信息';
}

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? `${styles.fact} ${styles.factWide}` : styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orDash = (text: string) => (text.trim() === '' ? '—' : text);

export function GoodsFacts({ goods, now }: { goods: GoodsDetail; now: Date }) {
  const near = isNearExpiry(goods, now);
  const unit = goods.bzdw;
  return (
    <dl className={styles.facts}>
      <Fact label="规格">{orDash(goods.ypgg)}</Fact>
      <Fact label="生产厂家">
        {goods.sccj ? (
          <Link
            to="/search"
            search={{ keywords: goods.sccj, type: MANUFACTURER_SEARCH_TYPE }}
            className={styles.inlineLink}
            title={`查看${goods.sccj}的全部商品`}
          >
            {goods.sccj}
          </Link>
        ) : (
          '—'
        )}
      </Fact>
      <Fact label="批准文号">{orDash(goods.approval_no)}</Fact>
      {goods.dosage_form && <Fact label="剂型">{goods.dosage_form}</Fact>}
      <Fact label="批号">{orDash(goods.batch_no)}</Fact>
      {goods.produced_on && <Fact label="生产日期">{goods.produced_on}</Fact>}
      <Fact label="有效期至">
        <span className={near ? styles.nearExpiry : undefined} data-near-expiry={near || undefined}>
          {orDash(goods.expires_on)}
          {near && <span className={styles.jxqBadge}>近效期</span>}
        </span>
      </Fact>
      <Fact label="包装单位">{orDash(unit)}</Fact>
      <Fact label="中包装">
        {goods.zbz > 0 ? `${goods.zbz}${unit}` : '—'}
        {goods.mid_pack_strict === 1 && goods.zbz > 1 && <span className={styles.midPack}>按中包装购买</span>}
      </Fact>
      <Fact label="件装量">{goods.jzl > 0 ? `${goods.jzl}${unit}` : '—'}</Fact>
      <Fact label="库存">
        <span className={goods.number <= 0 ? styles.outOfStock : undefined}>{stockText(goods.number, unit)}</span>
      </Fact>
      {goods.ck_name && <Fact label="发货仓库">{goods.ck_name}</Fact>}
      {goods.barcode && <Fact label="条形码">{goods.barcode}</Fact>}
      {goods.is_rx === 1 && <Fact label="处方类别">处方药（凭处方销售）</Fact>}
    </dl>
  );
}

/** Shipping, limits and compliance notices; nothing when none apply. */
export function PurchaseNotices({ goods }: { goods: GoodsDetail }) {
  const unit = goods.bzdw;
  const items: { key: string; text: string; tone: 'info' | 'warn' }[] = [];
  if (goods.is_free_shipping === 1) items.push({ key: 'free', text: '包邮', tone: 'info' });
  if (goods.is_dpby === 1 && goods.qg_number > 0) {
    items.push({ key: 'dpby', text: `单品满${goods.qg_number}${unit}包邮`, tone: 'info' });
  }
  if (goods.min_buy > 1) items.push({ key: 'min', text: `${goods.min_buy}${unit}起购`, tone: 'info' });
  if (goods.purchase_limit > 0)
    items.push({ key: 'limit', text: `每单限购${goods.purchase_limit}${unit}`, tone: 'info' });
  if (goods.is_ephedrine === 1)
    items.push({ key: 'mhj', text: ephedrineNotice(goods.ephedrine_limit, unit), tone: 'warn' });
  if (items.length === 0) return null;
  return (
    <ul className={styles.notices} aria-label="购买须知">
      {items.map((n) => (
        <li key={n.key} className={n.tone === 'warn' ? styles.noticeWarn : styles.notice}>
          {n.text}
        </li>
      ))}
    </ul>
  );
}
