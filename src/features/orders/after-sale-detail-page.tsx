// /order/returnInfo/:id 退货详情 and /order/afterSalesInfo/:id 售后详情: where the application
// stands (steps), what it covers, the photos sent, the refund amount and its history.
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { afterSaleQuery } from '../../api/orders';
import type { AfterSale } from '../../domain/orders';
import { formatPrice } from '../../domain/money';
import { AFTER_SALE_KIND_TEXT, afterSaleStatusText, afterSaleSteps } from './after-sale-text';
import { formatDateTime } from '../../domain/time';
import { orderDetailHref } from './order-links';
import { parseId } from './route-id';
import { isNotFound, LoadFailed, Loading, Missing } from './states';
import { SpaLink } from '../../ui/spa-link';
import styles from './orders.module.css';

export const AFTER_SALE_MISSING_TEXT = '售后单不存在';

/** Photos are our own uploads; anything but http(s) or a same-origin path is not made a link. */
const SAFE_URL_RE = /^(https?:\/\/|\/(?!\/))/i;

const STEP_STATE_TEXT = { done: '已完成', current: '进行中', todo: '未开始', failed: '已终止' } as const;

function Steps({ afterSale }: { afterSale: AfterSale }) {
  const steps = afterSaleSteps(afterSale);
  return (
    <ol className={styles.steps} aria-label="处理进度">
      {steps.map((s) => (
        <li key={s.status} data-state={s.state} aria-current={s.state === 'current' ? 'step' : undefined}>
          <span className={styles.stepDot} aria-hidden="true" />
          <span>{s.text}</span>
          <span className={styles.srOnly}>（{STEP_STATE_TEXT[s.state]}）</span>
        </li>
      ))}
    </ol>
  );
}

function Detail({ afterSale: a }: { afterSale: AfterSale }) {
  const title = a.kind === 'return' ? '退货详情' : '售后详情';
  const history = [...a.history].sort((x, y) => y.time - x.time);
  return (
    <div className={styles.detail}>
      <nav className={styles.crumbs} aria-label="当前位置">
        <SpaLink href="/order">我的订单</SpaLink> <span aria-hidden="true">›</span>{' '}
        <SpaLink href={orderDetailHref(a.order_id)}>订单详情</SpaLink> <span aria-hidden="true">›</span>{' '}
        <span aria-current="page">{title}</span>
      </nav>
      <header className={styles.detailHead}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.detailStatus}>{afterSaleStatusText(a)}</p>
        </div>
      </header>
      <Steps afterSale={a} />

      <section className={styles.section} aria-labelledby="as-info">
        <h2 id="as-info" className={styles.sectionTitle}>
          申请信息
        </h2>
        <dl className={styles.facts}>
          <dt>售后单号</dt>
          <dd className={styles.mono}>{a.id}</dd>
          <dt>关联订单</dt>
          <dd>
            <SpaLink href={orderDetailHref(a.order_id)}>{a.order_no}</SpaLink>
          </dd>
          <dt>售后类型</dt>
          <dd>{AFTER_SALE_KIND_TEXT[a.kind]}</dd>
          <dt>售后原因</dt>
          <dd>{a.reason}</dd>
          <dt>问题描述</dt>
          <dd>{a.description || '—'}</dd>
          <dt>申请时间</dt>
          <dd>{formatDateTime(a.created_at, 'seconds')}</dd>
          <dt>{a.kind === 'return' || a.kind === 'refund' ? '退款金额' : '涉及金额'}</dt>
          <dd>
            <strong className={styles.price}>{formatPrice(a.amount)}</strong>
          </dd>
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="as-lines">
        <h2 id="as-lines" className={styles.sectionTitle}>
          售后商品
        </h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">商品</th>
                <th scope="col">单价</th>
                <th scope="col">数量</th>
                <th scope="col">小计</th>
              </tr>
            </thead>
            <tbody>
              {a.lines.map((l) => (
                <tr key={l.order_line_id}>
                  <td>{l.name}</td>
                  <td>{formatPrice(l.price)}</td>
                  <td>{l.number}</td>
                  <td>{formatPrice(l.price * l.number)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {a.photos.length > 0 && (
        <section className={styles.section} aria-labelledby="as-photos">
          <h2 id="as-photos" className={styles.sectionTitle}>
            凭证图片
          </h2>
          <ul className={styles.photos}>
            {a.photos.map((src, i) => (
              <li key={`${i}-${src}`}>
                {SAFE_URL_RE.test(src) ? (
                  <a href={src} target="_blank" rel="noopener noreferrer">
                    <img src={src} alt={`凭证图片${i + 1}（在新窗口查看大图）`} width={96} height={96} loading="lazy" />
                  </a>
                ) : (
                  <img src={src} alt={`凭证图片${i + 1}`} width={96} height={96} loading="lazy" />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.section} aria-labelledby="as-history">
        <h2 id="as-history" className={styles.sectionTitle}>
          处理记录
        </h2>
        {history.length === 0 ? (
          <p className={styles.muted}>暂无处理记录</p>
        ) : (
          <ol className={styles.track}>
            {history.map((h, i) => (
              <li key={`${h.time}-${i}`}>
                <time className={styles.muted}>{formatDateTime(h.time, 'seconds')}</time>
                <span>{h.text}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function AfterSaleMissing() {
  return <Missing title={AFTER_SALE_MISSING_TEXT} text="该售后申请可能已撤销，或不属于当前账号。" />;
}

function Screen({ id }: { id: number }) {
  const query = useQuery(afterSaleQuery(id));
  if (query.isPending) return <Loading text="正在加载售后详情…" />;
  if (query.isError) {
    if (isNotFound(query.error)) return <AfterSaleMissing />;
    return <LoadFailed text="售后详情加载失败" onRetry={() => void query.refetch()} />;
  }
  return <Detail afterSale={query.data} />;
}

export default function AfterSaleDetailPage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const id = parseId(params.id);
  return <section className={styles.page}>{id === undefined ? <AfterSaleMissing /> : <Screen key={id} id={id} />}</section>;
}
