// 含麻黄碱 purchase registration (/cart/hm): the buyer's name, ID card number and mobile are
// recorded with the order before it can be paid. Checked here first (18-character ID with its
// check character), then by the server, whose 422 messages land on their fields.
import { useRef, useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { isApiError } from '../../domain/api-error';
import { useEphedrineReceipt } from '../../api/orders-pay';
import { presentError } from '../../ui/error-presenter';
import type { EphedrineReceipt } from '../../domain/orders';
import { isMobile, MESSAGES } from '../../domain/formats';
import { buyerNameMessage, idCardMessage, normalizeIdCard } from '../../domain/validators-id';
import { TextField } from '../../widgets/address/text-field';
import { step4Href } from './checkout-urls';
import styles from './pay.module.css';
import { buttonClass } from '../../ui/button';

type Field = keyof EphedrineReceipt;
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['buyer_name', 'id_card', 'phone'];
const NAME_MAX = 20;

/** The same rules and messages as the server's receipt check (src/domain/validators-id.ts). */
export function validateReceipt(r: EphedrineReceipt, now: Date = new Date()): Errors {
  const errors: Errors = {};
  const name = buyerNameMessage(r.buyer_name);
  if (name) errors.buyer_name = name;
  const id = idCardMessage(r.id_card, now);
  if (id) errors.id_card = id;
  const phone = r.phone.trim();
  if (phone === '') errors.phone = MESSAGES.mobileRequired;
  else if (!isMobile(phone)) errors.phone = MESSAGES.mobile;
  return errors;
}

export function EphedrineForm({ orderId, initial }: { orderId: number; initial: EphedrineReceipt }) {
  const router = useRouter();
  const save = useEphedrineReceipt();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const errors: Errors = { ...serverErrors, ...(submitted ? validateReceipt(values) : {}) };

  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    const found = validateReceipt(values);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const receipt: EphedrineReceipt = {
      buyer_name: values.buyer_name.trim(),
      id_card: normalizeIdCard(values.id_card),
      phone: values.phone.trim(),
    };
    try {
      const result = await save.mutateAsync({ id: orderId, receipt });
      // Nothing left to pay (balance and coupons covered it): registering settled the order.
      if (result?.status === 'paid') void router.navigate({ href: step4Href(orderId), replace: true });
    } catch (err) {
      const fields: Errors = {};
      if (isApiError(err) && err.kind === 'validation') {
        for (const f of FIELDS) {
          const message = err.fieldErrors?.[f]?.[0];
          if (message) fields[f] = message;
        }
      }
      if (Object.keys(fields).length > 0) {
        setServerErrors(fields);
        focusFirst(fields);
      } else presentError(err);
    }
  };

  const field = (name: Field) => ({
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    value: values[name],
    onChange: (v: string) => {
      setValues((prev) => ({ ...prev, [name]: v }));
      setServerErrors((prev) => ({ ...prev, [name]: undefined }));
    },
    error: errors[name],
    required: true,
  });

  return (
    <section className={styles.panel} aria-labelledby="ephedrine-title">
      <h2 id="ephedrine-title" className={styles.panelTitle}>
        含麻黄碱药品购买登记
      </h2>
      <p className={styles.muted}>
        根据国家对含麻黄碱类复方制剂的管理规定，购买时须登记购药人的真实身份信息，登记后方可支付。
      </p>
      <form className={styles.receiptForm} noValidate onSubmit={(e) => void submit(e)}>
        <TextField label="购药人姓名" autoComplete="name" maxLength={NAME_MAX + 10} {...field('buyer_name')} />
        <TextField
          label="身份证号码"
          autoComplete="off"
          maxLength={18}
          hint="18位居民身份证号码，末位X不区分大小写"
          {...field('id_card')}
        />
        <TextField
          label="手机号码"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          {...field('phone')}
        />
        <div className={styles.receiptActions}>
          <button type="submit" className={buttonClass('danger', { size: 'lg' })} disabled={save.isPending}>
            {save.isPending ? '正在提交…' : '提交登记信息'}
          </button>
        </div>
      </form>
    </section>
  );
}
