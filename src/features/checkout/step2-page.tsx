// /cart/step2?ids=3,4,5 核对订单信息 (SPEC §2 cart step 2): the preview of the order the chosen
// cart lines make (POST cart/checkout new=0), the buyer's choices (address, invoice, coupon,
// cash voucher, balance, remark) and 提交订单 (new=1) at the amount the buyer saw.
//
// Refusals: 409 prices moved → a dialog with old → new prices; 403 qualification not approved
// → a notice linking to /zzzj; no answer → a notice to retry (same Idempotency-Key); 459 and
// every other code → the SPEC §8 presenter (459: message, then /dzht).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { isApiError } from '../../domain/api-error';
import {
  checkoutPreviewQuery,
  isUnanswered,
  priceChangesOf,
  useCheckoutCreate,
  type CheckoutPreviewInput,
  type PriceChange,
} from '../../api/checkout';
import { userBaseQuery } from '../../api/user';
import { presentError } from '../../ui/error-presenter';
import { formatPrice } from '../../domain/money';
import type { CheckoutPreview, CheckoutRequest, InvoiceRequest } from '../../domain/orders';
import { AddressPicker } from '../../widgets/address/address-picker';
import { AmountsSummary } from './amounts-summary';
import { CashbackHint } from '../../widgets/cashback/cashback-hint';
import { CheckoutLines } from './checkout-lines';
import { CART_HREF, nextHref, QUALIFICATION_HREF, useSearchIds } from './checkout-urls';
import { CouponChoice, NO_COUPON } from './coupon-choice';
import { normalizeInvoice, validateInvoice } from './invoice-rules';
import { InvoiceSection } from './invoice-section';
import { PriceChangeDialog } from './price-change-dialog';
import { RemarkField, REMARK_MAX } from './remark-field';
import styles from './checkout.module.css';
import { PageFrame } from '../../ui/page-frame';
import { buttonClass } from '../../ui/button';

export const ADDRESS_REQUIRED_MESSAGE = '请选择收货地址';
export const UNANSWERED_MESSAGE = '网络异常，订单可能尚未提交成功。请检查网络后再次点击“提交订单”，不会重复下单。';

type Problem = { kind: 'qualification' | 'unanswered' | 'refused'; message: string };

/** A coupon or voucher the buyer has not touched is left to the server (its best one). */
function previewInput(
  ids: number[],
  coupon: number | undefined,
  voucher: number | undefined,
  useBalance: boolean,
): CheckoutPreviewInput {
  const input: CheckoutPreviewInput = { ids, use_balance: useBalance ? 1 : 0 };
  if (coupon !== undefined) input.coupon_id = coupon;
  if (voucher !== undefined) input.voucher_id = voucher;
  return input;
}

function Notice({ problem }: { problem: Problem }) {
  return (
    <div className={styles.problem} role="alert">
      <p>{problem.message}</p>
      {problem.kind === 'qualification' && (
        <Link to={QUALIFICATION_HREF} className={styles.problemLink}>
          去查看资质证件
        </Link>
      )}
    </div>
  );
}

export default function CheckoutPage() {
  const ids = useSearchIds();
  const idsKey = ids.join(',');
  const router = useRouter();
  const queryClient = useQueryClient();
  const company = useQuery(userBaseQuery()).data?.company ?? '';

  const [coupon, setCoupon] = useState<number | undefined>(undefined);
  const [voucher, setVoucher] = useState<number | undefined>(undefined);
  const [useBalance, setUseBalance] = useState(false);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [invoice, setInvoice] = useState<InvoiceRequest>({ kind: 'none', title: '', tax_no: '', email: '' });
  const [remark, setRemark] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [priceChanges, setPriceChanges] = useState<PriceChange[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const pageRef = useRef<HTMLElement>(null);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- `ids` is a new array per render; its text (idsKey) is its identity.
  const input = useMemo(() => previewInput(ids, coupon, voucher, useBalance), [idsKey, coupon, voucher, useBalance]);
  const preview = useQuery(checkoutPreviewQuery(input));
  const create = useCheckoutCreate();
  const data = preview.data;

  const invoiceErrors = showErrors ? validateInvoice(invoice) : {};
  const addressError = showErrors && addressId === null ? ADDRESS_REQUIRED_MESSAGE : undefined;

  // After a refused attempt, take the buyer to the first field that needs them.
  useEffect(() => {
    if (attempt === 0) return;
    const first = pageRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]');
    first?.focus();
  }, [attempt]);

  const selectedCoupon = (d: CheckoutPreview) => coupon ?? d.best_coupon_id ?? NO_COUPON;
  const selectedVoucher = (d: CheckoutPreview) => voucher ?? d.best_voucher_id ?? NO_COUPON;

  const request = (d: CheckoutPreview, address: number): CheckoutRequest => {
    const req: CheckoutRequest = {
      ids,
      new: 1,
      address_id: address,
      coupon_id: selectedCoupon(d),
      voucher_id: selectedVoucher(d),
      use_balance: useBalance ? 1 : 0,
      expected_pay_amount: d.amounts.pay_amount,
    };
    if (invoice.kind !== 'none') req.invoice = normalizeInvoice(invoice);
    const note = remark.trim();
    if (note !== '') req.remark = note;
    return req;
  };

  const place = async (d: CheckoutPreview, address: number) => {
    setProblem(null);
    try {
      const result = await create.submit(request(d, address));
      // Replace: Back from the pay page goes to the cart, not to a checkout of lines now ordered.
      void router.navigate({ href: nextHref(result), replace: true });
    } catch (err) {
      const changes = priceChangesOf(err);
      if (changes) {
        setPriceChanges(changes);
        return;
      }
      if (isUnanswered(err)) {
        // No SPEC §8 presentation here: the timeout alert's 刷新 would lose the Idempotency-Key.
        setProblem({ kind: 'unanswered', message: UNANSWERED_MESSAGE });
        return;
      }
      if (isApiError(err) && err.code === 403) {
        setProblem({ kind: 'qualification', message: err.msg });
        return;
      }
      if (isApiError(err) && err.kind === 'business') setProblem({ kind: 'refused', message: err.msg });
      presentError(err);
    }
  };

  const submit = () => {
    if (!data || create.isPending) return;
    setShowErrors(true);
    setAttempt((n) => n + 1);
    if (addressId === null) return;
    if (Object.keys(validateInvoice(invoice)).length > 0) return;
    if ([...remark.trim()].length > REMARK_MAX) return;
    void place(data, addressId);
  };

  const confirmNewPrices = async () => {
    setPriceChanges(null);
    let fresh: CheckoutPreview;
    try {
      fresh = await queryClient.fetchQuery({ ...checkoutPreviewQuery(input), staleTime: 0 });
    } catch {
      return; // already presented by the QueryCache (SPEC §8)
    }
    if (addressId !== null) await place(fresh, addressId);
  };

  const changeInvoice = (next: InvoiceRequest) => {
    // Choosing an invoice starts from the company's own name as the title.
    const title = invoice.kind === 'none' && next.kind !== 'none' && next.title === '' ? company : next.title;
    setInvoice({ ...next, title });
  };

  if (ids.length === 0) {
    return (
      <PageFrame aria-labelledby="checkout-title">
        <h1 id="checkout-title" className={styles.title}>
          核对订单信息
        </h1>
        <div className={styles.state}>
          <p>没有选择要结算的商品</p>
          <Link to={CART_HREF} className={buttonClass('primary')}>
            返回购物车
          </Link>
        </div>
      </PageFrame>
    );
  }

  const previewError = preview.error;
  const busy = preview.isFetching || preview.isPlaceholderData;
  const locked = create.isPending;

  return (
    <PageFrame ref={pageRef} aria-labelledby="checkout-title">
      <h1 id="checkout-title" className={styles.title}>
        核对订单信息
      </h1>

      {!data ? (
        preview.isPending ? (
          <p className={styles.state} role="status">
            正在核对订单…
          </p>
        ) : isApiError(previewError) && previewError.code === 403 ? (
          <Notice problem={{ kind: 'qualification', message: previewError.msg }} />
        ) : (
          <div className={styles.state}>
            <p>
              {isApiError(previewError) && previewError.kind === 'business' ? previewError.msg : '订单信息加载失败'}
            </p>
            <div className={styles.stateActions}>
              <button type="button" className={buttonClass('secondary')} onClick={() => void preview.refetch()}>
                重新加载
              </button>
              <Link to={CART_HREF} className={buttonClass('secondary')}>
                返回购物车
              </Link>
            </div>
          </div>
        )
      ) : (
        <>
          {data.price_changes.length > 0 && (
            <p className={styles.notice} role="status">
              有 {data.price_changes.length} 种商品价格已变动，已按最新价格计算。
            </p>
          )}
          {data.has_ephedrine === 1 && (
            <p className={styles.notice}>本订单含麻黄碱类药品，提交订单后需登记购药人姓名、身份证号码和手机号码。</p>
          )}

          <section className={styles.section} aria-label="收货地址">
            <AddressPicker value={addressId} onChange={setAddressId} placeholder={data.addresses} disabled={locked} />
            {addressError && (
              <p className={styles.fieldError} role="alert" data-invalid tabIndex={-1}>
                {addressError}
              </p>
            )}
          </section>

          <CheckoutLines lines={data.lines} gifts={data.gifts} exchanges={data.exchanges} prizes={data.prizes} />

          <InvoiceSection value={invoice} onChange={changeInvoice} errors={invoiceErrors} disabled={locked} />

          <CouponChoice
            title="优惠券"
            coupons={data.coupons}
            selected={selectedCoupon(data)}
            bestId={data.best_coupon_id}
            onChange={setCoupon}
            disabled={locked}
          />
          <CouponChoice
            title="现金券"
            coupons={data.vouchers}
            selected={selectedVoucher(data)}
            bestId={data.best_voucher_id}
            onChange={setVoucher}
            disabled={locked}
          />

          <fieldset className={styles.section} disabled={locked || data.wallet.balance <= 0}>
            <legend className={styles.sectionTitle}>余额抵扣</legend>
            <label className={styles.checkbox}>
              <input type="checkbox" checked={useBalance} onChange={(e) => setUseBalance(e.target.checked)} />
              使用账户余额抵扣
              <span className={styles.muted}>（可用余额 {formatPrice(data.wallet.balance)}）</span>
            </label>
          </fieldset>

          <RemarkField value={remark} onChange={setRemark} disabled={locked} showErrors={showErrors} />

          <AmountsSummary amounts={data.amounts} busy={busy} />
          <CashbackHint
            lines={data.lines.map((l) => ({
              goods_id: l.goods_id,
              type: l.type ?? 0,
              is_selected: 1,
              amount: l.amount,
            }))}
          />

          {problem && <Notice problem={problem} />}

          <div className={styles.submitBar}>
            <span className={styles.payLabel}>
              应付金额
              <strong className={styles.payAmount} aria-live="polite">
                {formatPrice(data.amounts.pay_amount)}
              </strong>
            </span>
            <button
              type="button"
              className={buttonClass('danger', { size: 'lg' })}
              onClick={submit}
              disabled={busy || locked}
            >
              {locked ? '正在提交…' : '提交订单'}
            </button>
          </div>
        </>
      )}

      <PriceChangeDialog
        changes={priceChanges}
        onConfirm={() => void confirmNewPrices()}
        onCancel={() => {
          setPriceChanges(null);
          void preview.refetch();
        }}
      />
    </PageFrame>
  );
}
