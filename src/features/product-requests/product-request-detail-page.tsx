// /pzqg/info?id= 求购详情: what was asked, the status, our reply and, once listed, the goods with a
// link to its page and an add-to-cart control (only when the buyer may see it: the server leaves
// `goods` null for 控销 goods the company is not entitled to).
import { useQuery } from '@tanstack/react-query';
import { productRequestQuery } from '../../api/product-requests';
import { formatPrice } from '../../domain/money';
import type { ProductRequestDetail } from '../../domain/product-requests';
import { formatDateTime } from '../../domain/time';
import { buttonClass } from '../../ui/button';
import { GoodsImage } from '../../ui/goods/goods-image';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { SpaLink } from '../../ui/spa-link';
import { StateBlock } from '../../ui/state-block';
import { AddToCartControl } from '../../widgets/goods/add-to-cart';
import { goodsDetailHref } from '../../widgets/goods/goods-tile';
import { PriceTag } from '../../widgets/goods/price-tag';
import { useRouteSearch } from '../../widgets/route-search';
import { requestDetailSearch, requestListHref } from './product-request-search';
import styles from './product-requests.module.css';

export const REQUEST_WAITING_TEXT = '我们已收到您的求购，采购人员处理后会在这里回复您。';

export default function ProductRequestDetailPage() {
  const { id } = useRouteSearch(requestDetailSearch);
  const query = useQuery({ ...productRequestQuery(id ?? 0), enabled: id !== null });
  const back = (
    <SpaLink href={requestListHref({ page: 1 })} className={buttonClass('secondary', { size: 'sm' })}>
      返回列表
    </SpaLink>
  );
  let body;
  if (id === null) body = <StateBlock kind="empty" text="求购信息不存在" />;
  else if (query.isPending) body = <StateBlock kind="loading" text="正在加载求购详情…" />;
  else if (query.isError) body = <StateBlock kind="failed" text="求购详情加载失败" />;
  else body = <RequestCard request={query.data} />;
  return (
    <PageFrame aria-labelledby="pzqg-info-title">
      <PageHeader titleId="pzqg-info-title" title="求购详情" actions={back} />
      {body}
    </PageFrame>
  );
}

function RequestCard({ request: r }: { request: ProductRequestDetail }) {
  return (
    <article className={styles.card} aria-label={`求购 ${r.name}`}>
      <dl className={styles.facts}>
        <dt>商品名称</dt>
        <dd>{r.name}</dd>
        <dt>状态</dt>
        <dd>
          <span className={styles.status} data-status={r.status}>
            {r.status_text}
          </span>
        </dd>
        <dt>生产厂家</dt>
        <dd>{r.sccj || '—'}</dd>
        <dt>规格</dt>
        <dd>{r.ypgg || '—'}</dd>
        <dt>批准文号</dt>
        <dd>{r.approval_no || '—'}</dd>
        <dt>月需求量</dt>
        <dd>{r.quantity}</dd>
        <dt>期望价格</dt>
        <dd>{r.expected_price === null ? '—' : formatPrice(r.expected_price)}</dd>
        <dt>提交时间</dt>
        <dd>{formatDateTime(r.created_at)}</dd>
        {r.remark !== '' && (
          <>
            <dt>备注</dt>
            <dd>{r.remark}</dd>
          </>
        )}
      </dl>
      {r.reply !== '' ? (
        <section className={styles.reply} aria-label="平台回复">
          <h2>
            平台回复{r.replied_at !== null && <span className={styles.muted}>（{formatDateTime(r.replied_at)}）</span>}
          </h2>
          <p>{r.reply}</p>
        </section>
      ) : (
        <p className={styles.muted}>{REQUEST_WAITING_TEXT}</p>
      )}
      {r.goods && (
        <section aria-label="已上架商品">
          <h2 className={styles.goodsTitle}>已为您上架</h2>
          <div className={styles.goods}>
            <GoodsImage src={r.goods.goods_image} alt={r.goods.name} size={96} />
            <div>
              <SpaLink className={styles.goodsName} href={goodsDetailHref(r.goods.id)}>
                {r.goods.name}
              </SpaLink>
              <p className={styles.muted}>
                {r.goods.sccj} · {r.goods.ypgg}
              </p>
              <PriceTag price={r.goods.price} basePrice={r.goods.base_price} unit={r.goods.bzdw} />
            </div>
            <AddToCartControl goods={r.goods} layout="stacked" />
          </div>
        </section>
      )}
    </article>
  );
}
