// 站点设置: the settings that drive the shop's rules, in two groups. 运费与页脚 (运营, 管理员): the
// free-shipping amount and fee (the cart's shortfall and checkout), the footer's licences and the QR
// codes' targets. 资金设置 (财务, 管理员): the 对公转账 account buyers pay into and the online-payment
// window — each save asks for a fresh code of the operator's own TOTP, and an operator without one
// is sent to 我的账号 (docs/decisions/money-settings.md). A group the role may not change is shown
// read-only. Amounts are typed in yuan and sent in fen; each section saves on its own, and the
// server answers what applies now.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { afterSettingsChange, saveSiteSettings, siteSettingsQuery } from '../../api/site-settings.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatFen, yuanToFen } from '@domain/money.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { LICENCES_MAX, type SiteSettingsPatch, type SiteSettingsView } from '@domain/admin-content.ts';
import styles from './settings-page.module.css';

const SOURCE = { console: '本页设置', environment: '服务器环境变量 TRANSFER_*', demo: '演示账户' } as const;
const YUAN_RE = /^\d{1,7}(\.\d{1,2})?$/;

type Errors = Record<string, string>;

interface FormProps {
  settings: SiteSettingsView;
  onSaved: (s: SiteSettingsView) => void;
  editing: Editing;
}

function useSave(onSaved: (saved: SiteSettingsView) => void) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  /** Resolves true when saved. */
  const save = async (patch: SiteSettingsPatch): Promise<boolean> => {
    setBusy(true);
    setErrors({});
    setNotice('');
    try {
      onSaved(await saveSiteSettings(patch));
      setNotice('已保存，商城下次加载即生效');
      return true;
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(Object.keys(fields).length > 0 ? fields : { form: err.message });
      } else setErrors({ form: '保存失败，请稍后重试' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, notice, save };
}

/** Whether the signed-in operator may change a group, and for the money group the fresh code it needs. */
interface Editing {
  editable: boolean;
  /** Money settings: the TOTP code field shown above 保存. */
  totp?: { code: string; setCode: (code: string) => void };
}

function Section({
  title,
  intro,
  children,
  onSubmit,
  busy,
  notice,
  error,
  editing,
  totpError,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  onSubmit: (e: FormEvent) => void;
  busy: boolean;
  notice: string;
  error?: string;
  editing: Editing;
  totpError?: string;
}) {
  const totp = editing.totp;
  return (
    <form className={styles.section} onSubmit={onSubmit} noValidate aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <p className={styles.intro}>{intro}</p>
      <fieldset className={styles.fields} disabled={!editing.editable}>
        {children}
      </fieldset>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {editing.editable && (
        <div className={styles.actions}>
          {notice && (
            <span role="status" className={styles.notice}>
              {notice}
            </span>
          )}
          {totp && (
            <Field label="动态验证码" required hint="身份验证器上当前的6位验证码" error={totpError}>
              {(p) => (
                <input
                  {...p}
                  name="totp_code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  className={styles.totp}
                  value={totp.code}
                  onChange={(e) => totp.setCode(e.target.value)}
                />
              )}
            </Field>
          )}
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            保存
          </button>
        </div>
      )}
    </form>
  );
}

/** A money form's fresh TOTP code: typed per save, cleared once used. */
function useTotpCode(editing: Editing): { editing: Editing; code: string; clear: () => void } {
  const [code, setCode] = useState('');
  return {
    editing: editing.editable ? { editable: true, totp: { code, setCode } } : editing,
    code: code.trim(),
    clear: () => setCode(''),
  };
}

function ShippingForm({ settings, onSaved, editing }: FormProps) {
  const [amount, setAmount] = useState(formatFen(settings.shipping.shipping_amount));
  const [fee, setFee] = useState(formatFen(settings.shipping.fee));
  const { errors, setErrors, busy, notice, save } = useSave(onSaved);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (!YUAN_RE.test(amount.trim())) local['shipping.shipping_amount'] = '请输入包邮金额（元），最多两位小数';
    if (!YUAN_RE.test(fee.trim())) local['shipping.fee'] = '请输入运费（元），最多两位小数';
    if (Object.keys(local).length > 0) return setErrors(local);
    void save({ shipping: { shipping_amount: yuanToFen(Number(amount)), fee: yuanToFen(Number(fee)) } });
  };
  return (
    <Section
      title="运费与包邮"
      intro="购物车按“包邮金额 − 已选商品金额 − 今日已付款订单金额”显示还差多少包邮；未达包邮收取运费。"
      onSubmit={submit}
      busy={busy}
      notice={notice}
      error={errors.form}
      editing={editing}
    >
      <div className={styles.grid}>
        <Field label="包邮金额（元）" required error={errors['shipping.shipping_amount']}>
          {(p) => (
            <input
              {...p}
              name="shipping_amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        <Field label="运费（元）" required error={errors['shipping.fee']}>
          {(p) => <input {...p} name="fee" inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} />}
        </Field>
      </div>
    </Section>
  );
}

function PaymentWindowForm({ settings, onSaved, editing: allowed }: FormProps) {
  const [minutes, setMinutes] = useState(String(settings.payment_window.minutes));
  const { errors, setErrors, busy, notice, save } = useSave(onSaved);
  const totp = useTotpCode(allowed);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{1,4}$/.test(minutes.trim())) return setErrors({ 'payment_window.minutes': '请输入分钟数（整数）' });
    if (await save({ payment_window: { minutes: Number(minutes) }, totp_code: totp.code })) totp.clear();
  };
  return (
    <Section
      title="支付时限"
      intro="在线支付的订单下单后须在此时间内付款，逾时自动取消（对公转账订单另有24小时）。只影响之后新下的订单。"
      onSubmit={(e) => void submit(e)}
      busy={busy}
      notice={notice}
      error={errors.form}
      editing={totp.editing}
      totpError={errors.totp_code}
    >
      <div className={styles.grid}>
        <Field label="支付时限（分钟）" required hint="5-1440" error={errors['payment_window.minutes']}>
          {(p) => (
            <input
              {...p}
              name="minutes"
              inputMode="numeric"
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          )}
        </Field>
      </div>
    </Section>
  );
}

function TransferAccountForm({ settings, onSaved, editing: allowed }: FormProps) {
  const [name, setName] = useState(settings.transfer_account?.account_name ?? '');
  const [bank, setBank] = useState(settings.transfer_account?.bank ?? '');
  const [no, setNo] = useState(settings.transfer_account?.account_no ?? '');
  const { errors, setErrors, busy, notice, save } = useSave(onSaved);
  const totp = useTotpCode(allowed);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (
      await save({
        transfer_account: { account_name: name.trim(), bank: bank.trim(), account_no: no.trim() },
        totp_code: totp.code,
      })
    )
      totp.clear();
  };
  const clear = async () => {
    if (totp.code === '') return setErrors({ totp_code: '请输入6位动态验证码' });
    if (!window.confirm('确定删除本页设置的收款账户？买家将看到服务器环境变量中的账户。')) return;
    if (!(await save({ transfer_account: null, totp_code: totp.code }))) return;
    totp.clear();
    setName('');
    setBank('');
    setNo('');
  };
  return (
    <Section
      title="对公转账收款账户"
      intro={`买家选择对公转账时看到的收款账户。当前使用：${SOURCE[settings.transfer_account_source]}。本页设置优先于服务器环境变量；删除后恢复使用环境变量中的账户。`}
      onSubmit={(e) => void submit(e)}
      busy={busy}
      notice={notice}
      error={errors.form}
      editing={totp.editing}
      totpError={errors.totp_code}
    >
      <div className={styles.grid}>
        <Field label="户名" required error={errors['transfer_account.account_name']}>
          {(p) => (
            <input {...p} name="account_name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Field label="开户行" required error={errors['transfer_account.bank']}>
          {(p) => <input {...p} name="bank" value={bank} maxLength={60} onChange={(e) => setBank(e.target.value)} />}
        </Field>
        <Field label="账号" required error={errors['transfer_account.account_no']}>
          {(p) => (
            <input
              {...p}
              name="account_no"
              inputMode="numeric"
              value={no}
              maxLength={40}
              onChange={(e) => setNo(e.target.value)}
            />
          )}
        </Field>
      </div>
      {settings.transfer_account && allowed.editable && (
        <button type="button" className={buttonClass('link')} onClick={() => void clear()} disabled={busy}>
          删除本页设置的账户
        </button>
      )}
    </Section>
  );
}

interface LicenceRow {
  name: string;
  number: string;
}

function ShopFrontForm({ settings, onSaved, editing }: FormProps) {
  const front = settings.shop_front;
  const [licences, setLicences] = useState<LicenceRow[]>(front?.licences ?? []);
  const [mini, setMini] = useState(front?.qr_targets.mini_program ?? '');
  const [wechat, setWechat] = useState(front?.qr_targets.wechat_official ?? '');
  const { errors, busy, notice, save } = useSave(onSaved);
  const setRow = (i: number, patch: Partial<LicenceRow>) =>
    setLicences((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save({
      shop_front: {
        licences: licences.map((l) => ({ name: l.name.trim(), number: l.number.trim() })),
        qr_targets: { mini_program: mini.trim() || null, wechat_official: wechat.trim() || null },
      },
    });
  };
  const rowError = (i: number) => errors[`shop_front.licences.${i}.name`] ?? errors[`shop_front.licences.${i}.number`];
  return (
    <Section
      title="页脚证照与二维码"
      intro={`页脚显示的证照编号，以及小程序、公众号二维码指向的网址（由服务器生成二维码）。${front ? '当前使用本页设置。' : '未设置时使用服务器环境变量（SHOP_LICENCES、SHOP_QR_*）或演示内容。'}`}
      onSubmit={submit}
      busy={busy}
      notice={notice}
      error={errors.form ?? errors['shop_front.licences']}
      editing={editing}
    >
      <fieldset className={styles.licences}>
        <legend>证照</legend>
        {licences.map((l, i) => (
          <div key={i} className={styles.licenceRow}>
            <input
              aria-label={`第${i + 1}项 证照名称`}
              placeholder="如：《药品经营许可证》"
              value={l.name}
              maxLength={60}
              onChange={(e) => setRow(i, { name: e.target.value })}
            />
            <input
              aria-label={`第${i + 1}项 证照编号`}
              placeholder="编号"
              value={l.number}
              maxLength={60}
              onChange={(e) => setRow(i, { number: e.target.value })}
            />
            <button
              type="button"
              className={buttonClass('link', { size: 'sm' })}
              onClick={() => setLicences((ls) => ls.filter((_, j) => j !== i))}
            >
              删除
            </button>
            {rowError(i) && (
              <p role="alert" className={styles.error}>
                {rowError(i)}
              </p>
            )}
          </div>
        ))}
        {licences.length < LICENCES_MAX && (
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => setLicences((ls) => [...ls, { name: '', number: '' }])}
          >
            添加证照
          </button>
        )}
      </fieldset>
      <div className={styles.grid}>
        <Field
          label="小程序二维码指向"
          hint="https://… ，留空则不显示"
          error={errors['shop_front.qr_targets.mini_program']}
        >
          {(p) => <input {...p} name="qr_mini_program" value={mini} onChange={(e) => setMini(e.target.value)} />}
        </Field>
        <Field
          label="公众号二维码指向"
          hint="https://… ，留空则不显示"
          error={errors['shop_front.qr_targets.wechat_official']}
        >
          {(p) => <input {...p} name="qr_wechat_official" value={wechat} onChange={(e) => setWechat(e.target.value)} />}
        </Field>
      </div>
    </Section>
  );
}

export function SettingsPage() {
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'settings') : false;
  const queryClient = useQueryClient();
  const settings = useQuery({ ...siteSettingsQuery, enabled: allowed });
  if (!allowed || !me)
    return <StateBlock kind="empty" title="无权访问" text="只有运营、财务和管理员可以打开站点设置。" />;
  if (settings.isError) return <StateBlock kind="failed" text={settings.error.message} />;
  if (settings.data === undefined) return <StateBlock kind="loading" text="正在加载…" />;
  const onSaved = (saved: SiteSettingsView) => afterSettingsChange(queryClient, saved);
  const site: Editing = { editable: mayOpen(me.role, 'content') };
  const moneyRole = mayOpen(me.role, 'moneySettings');
  const money: Editing = { editable: moneyRole && me.totp_enabled };
  return (
    <section aria-labelledby="settings-title" className={styles.page}>
      <h1 id="settings-title" className={styles.title}>
        站点设置
      </h1>
      <section aria-labelledby="money-settings-title" className={styles.group}>
        <h2 id="money-settings-title" className={styles.groupTitle}>
          资金设置
        </h2>
        <p className={styles.intro}>
          {!moneyRole ? (
            '只有财务和管理员可以修改收款账户与支付时限。'
          ) : me.totp_enabled ? (
            '每次保存须输入身份验证器上的动态验证码；修改会记入操作日志，并在所有运营人员的工作台公告。'
          ) : (
            <>
              修改收款账户与支付时限须使用动态验证码，请先在<Link to="/account">我的账号</Link>开启动态验证码。
            </>
          )}
        </p>
        <TransferAccountForm settings={settings.data} onSaved={onSaved} editing={money} />
        <PaymentWindowForm settings={settings.data} onSaved={onSaved} editing={money} />
      </section>
      <section aria-labelledby="site-settings-title" className={styles.group}>
        <h2 id="site-settings-title" className={styles.groupTitle}>
          运费与页脚
        </h2>
        {!site.editable && <p className={styles.intro}>只有运营和管理员可以修改运费与页脚设置。</p>}
        <ShippingForm settings={settings.data} onSaved={onSaved} editing={site} />
        <ShopFrontForm settings={settings.data} onSaved={onSaved} editing={site} />
      </section>
    </section>
  );
}
