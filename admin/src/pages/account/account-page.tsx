// 我的账号: any operator changes their own password (the current one required; their sessions on
// other devices end) and enrols their own TOTP second factor (scan the QR, confirm with a first
// code; only then does sign-in ask for codes). Losing the phone is the admin's TOTP reset. In
// production an operator without TOTP lands here after signing in and can do nothing else until
// the enrolment is confirmed (docs/decisions/money-settings.md).
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeOwnPassword,
  confirmTotpEnrolment,
  startTotpEnrolment,
  type TotpEnrolment,
} from '../../api/own-account.ts';
import { meKey, meQuery } from '../../api/session.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Field } from '@ui/field.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { OPERATOR_ROLE_LABELS } from '@domain/operator-roles.ts';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import panel from '../../widgets/panel.module.css';
import styles from './account-page.module.css';

const fieldsOf = (err: unknown, fallback: string): Record<string, string> =>
  err instanceof ConsoleApiError
    ? Object.keys(err.fieldErrors).length > 0
      ? Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']))
      : { form: err.message }
    : { form: fallback };

function PasswordForm() {
  const [form, setForm] = useState({ current: '', next: '', again: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    if (form.next !== form.again) return setErrors({ again: '两次输入的新密码不一致' });
    setBusy(true);
    setErrors({});
    try {
      const r = await changeOwnPassword(form.current, form.next);
      setForm({ current: '', next: '', again: '' });
      setDone(r.sessions_ended > 0 ? `密码已修改，已退出其他设备上的 ${r.sessions_ended} 个登录` : '密码已修改');
    } catch (err) {
      setErrors(fieldsOf(err, '修改失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="password-title" className={panel.panel}>
      <h2 id="password-title" className={panel.title}>
        修改密码
      </h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field label="当前密码" required error={errors.current_password}>
          {(p) => (
            <input
              {...p}
              type="password"
              name="current_password"
              autoComplete="current-password"
              value={form.current}
              onChange={(e) => setForm({ ...form, current: e.target.value })}
            />
          )}
        </Field>
        <Field label="新密码（至少10位）" required error={errors.new_password}>
          {(p) => (
            <input
              {...p}
              type="password"
              name="new_password"
              autoComplete="new-password"
              value={form.next}
              onChange={(e) => setForm({ ...form, next: e.target.value })}
            />
          )}
        </Field>
        <Field label="再次输入新密码" required error={errors.again}>
          {(p) => (
            <input
              {...p}
              type="password"
              name="again"
              autoComplete="new-password"
              value={form.again}
              onChange={(e) => setForm({ ...form, again: e.target.value })}
            />
          )}
        </Field>
        <AlertLine message={errors.form} />
        {done && (
          <p role="status" className={styles.done}>
            {done}
          </p>
        )}
        <div>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            修改密码
          </button>
        </div>
      </form>
    </section>
  );
}

function TotpPanel({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setErrors({});
    try {
      setEnrolment(await startTotpEnrolment());
    } catch (err) {
      setErrors(fieldsOf(err, '生成失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await confirmTotpEnrolment(code.trim());
      setEnrolment(null);
      await queryClient.invalidateQueries({ queryKey: meKey });
    } catch (err) {
      setErrors(fieldsOf(err, '确认失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="totp-title" className={panel.panel}>
      <h2 id="totp-title" className={panel.title}>
        动态验证码（两步验证）
      </h2>
      {enabled ? (
        <p className={styles.done}>已启用：登录时需输入身份验证器上的6位动态验证码。手机丢失请联系管理员重置。</p>
      ) : enrolment ? (
        <form className={styles.form} onSubmit={(e) => void confirm(e)} noValidate>
          <p className={styles.hint}>
            用身份验证器（如 Google Authenticator、Microsoft
            Authenticator）扫描二维码，或手动输入密钥，然后输入显示的6位验证码完成启用。
          </p>
          <img src={enrolment.qr_data_url} alt="动态验证码二维码" width={220} height={220} className={styles.qr} />
          <p className={styles.secret}>
            密钥：<code>{enrolment.secret}</code>
          </p>
          <Field label="6位动态验证码" required error={errors.code}>
            {(p) => (
              <input
                {...p}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
          <AlertLine message={errors.form} />
          <div>
            <button type="submit" className={buttonClass('primary')} disabled={busy}>
              确认启用
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className={styles.hint}>未启用。启用后，登录除密码外还需输入手机身份验证器上的动态验证码。</p>
          <AlertLine message={errors.form} />
          <div>
            <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => void start()}>
              开始绑定
            </button>
          </div>
        </>
      )}
    </section>
  );
}

export function AccountPage() {
  const { data: me } = useQuery(meQuery);
  if (!me) return <StateBlock kind="loading" text="正在加载…" />;
  return (
    <ConsolePage title="我的账号" titleId="account-title">
      <p className={styles.hint}>
        {me.name}（{me.username}，{OPERATOR_ROLE_LABELS[me.role]}）
      </p>
      {me.totp_enrolment_required && (
        <p role="alert" className={styles.error}>
          运营后台要求所有账号使用动态验证码登录：请先完成下方的动态验证码绑定，之后即可使用后台的其他功能。
        </p>
      )}
      <div className={styles.columns}>
        {!me.totp_enrolment_required && <PasswordForm />}
        <TotpPanel enabled={me.totp_enabled} />
      </div>
    </ConsolePage>
  );
}
