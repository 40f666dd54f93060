// 申请开票: kind, title (the company name by default), 纳税人识别号 and the e-mail the PDF goes to.
// The last request's tax number and e-mail are offered again: a company rarely changes them.
import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceKeys, useCreateInvoice } from '../../api/invoices';
import { newIdempotencyKey } from '../../http/idempotency-key';
import { userBaseQuery } from '../../api/user';
import type { Page } from '../../domain/envelope';
import { formatPrice } from '../../domain/money';
import type { Invoice } from '../../domain/orders';
import { toast } from '../../ui/toast';
import {
  checkInvoice,
  INVOICE_KIND_TEXT,
  INVOICE_TITLE_MAX_CHARS,
  TAX_NO_MAX_CHARS,
  type InvoiceDraft,
  type InvoiceErrors,
} from './invoice-rules';
import styles from './invoices.module.css';
import { buttonClass } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

export const INVOICE_SUBMITTED_TOAST = '发票申请已提交，开具后将发送至您的邮箱';
export const INVOICE_ISSUED_TOAST = '发票已开具，可在“我的发票”中下载';

export interface InvoiceOrder {
  id: number;
  order_no: string;
  pay_amount: number;
}

export function InvoiceDialog({
  order,
  onClose,
  onSubmitted,
}: {
  order: InvoiceOrder | null;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  return (
    <Dialog open={order !== null} onOpenChange={(o) => !o && onClose()} title="申请开票" describedBy="invoice-order">
      {order && (
        <>
          <p id="invoice-order" className={styles.muted}>
            订单编号：{order.order_no} · 开票金额 {formatPrice(order.pay_amount)}
          </p>
          <InvoiceForm order={order} onCancel={onClose} onSubmitted={onSubmitted} />
        </>
      )}
    </Dialog>
  );
}

function InvoiceForm({
  order,
  onCancel,
  onSubmitted,
}: {
  order: InvoiceOrder;
  onCancel: () => void;
  onSubmitted: () => void;
}) {
  const queryClient = useQueryClient();
  const company = useQuery({ ...userBaseQuery(), select: (u) => u.company }).data ?? '';
  // Only what is already cached: opening the form never waits for the invoice list.
  const last = queryClient.getQueryData<Page<Invoice>>(invoiceKeys.list(1))?.list[0];
  const [draft, setDraft] = useState<InvoiceDraft>(() => ({
    kind: last?.kind ?? 'normal',
    title: last?.title || company,
    tax_no: last?.tax_no ?? '',
    email: last?.email ?? '',
  }));
  // The user base may arrive after the form opened: fill the title once, unless already typed.
  const [titleTouched, setTitleTouched] = useState(false);
  const title = !titleTouched && draft.title === '' ? company : draft.title;
  const [errors, setErrors] = useState<InvoiceErrors>({});
  const [idempotencyKey] = useState(newIdempotencyKey);
  const create = useCreateInvoice();
  const id = useId();
  const set = (patch: Partial<InvoiceDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const check = checkInvoice(order.id, { ...draft, title });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    create.mutate(
      { input: check.input, idempotencyKey },
      {
        onSuccess: (invoice) => {
          toast.show({
            message: invoice.status === 'issued' ? INVOICE_ISSUED_TOAST : INVOICE_SUBMITTED_TOAST,
            tone: 'success',
          });
          onSubmitted();
        },
      },
    );
  };

  const described = (field: keyof InvoiceErrors) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}` } : {};
  const errorText = (field: keyof InvoiceErrors) =>
    errors[field] ? (
      <span id={`${id}-${field}`} className={styles.error}>
        {errors[field]}
      </span>
    ) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="发票信息">
      <fieldset className={styles.fieldset}>
        <legend>发票类型</legend>
        <div className={styles.radios}>
          {(['normal', 'special'] as const).map((k) => (
            <label key={k}>
              <input type="radio" name="kind" value={k} checked={draft.kind === k} onChange={() => set({ kind: k })} />
              {INVOICE_KIND_TEXT[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-title-input`}>发票抬头</label>
        <input
          id={`${id}-title-input`}
          type="text"
          value={title}
          maxLength={INVOICE_TITLE_MAX_CHARS}
          onChange={(e) => {
            setTitleTouched(true);
            set({ title: e.target.value });
          }}
          {...described('title')}
        />
        {errorText('title')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-tax_no-input`}>
          纳税人识别号
          {draft.kind === 'special' ? (
            <span className={styles.required}>（必填）</span>
          ) : (
            <span className={styles.optional}>（选填）</span>
          )}
        </label>
        <input
          id={`${id}-tax_no-input`}
          type="text"
          value={draft.tax_no}
          maxLength={TAX_NO_MAX_CHARS}
          autoComplete="off"
          placeholder="统一社会信用代码"
          onChange={(e) => set({ tax_no: e.target.value.toUpperCase() })}
          {...described('tax_no')}
        />
        {errorText('tax_no')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email-input`}>接收邮箱</label>
        <input
          id={`${id}-email-input`}
          type="email"
          value={draft.email}
          autoComplete="email"
          onChange={(e) => set({ email: e.target.value })}
          {...described('email')}
        />
        {errorText('email')}
      </div>
      <div className={styles.dialogActions}>
        <button type="button" className={buttonClass('secondary', { size: 'sm' })} onClick={onCancel}>
          取消
        </button>
        <button
          type="submit"
          className={buttonClass('primary', { size: 'sm' })}
          disabled={create.isPending}
          aria-busy={create.isPending || undefined}
        >
          {create.isPending ? '提交中…' : '提交申请'}
        </button>
      </div>
    </form>
  );
}
