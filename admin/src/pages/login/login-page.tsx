// Operator sign-in: username and password, then — when the account has a second factor — the
// 6-digit code from the authenticator app. The password is kept in the form's state only until
// the code is sent (the server checks both together, so no half-signed-in session exists).
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ConsoleApiError } from '../../api/client.ts';
import { login, meKey } from '../../api/session.ts';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import styles from './login-page.module.css';

export function LoginPage() {
  const search = useSearch({ strict: false }) as { redirect?: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage('');
    try {
      const answer = await login({ username: username.trim(), password, totp: step === 'totp' ? totp : undefined });
      if (answer.totp_required) {
        setStep('totp');
        return;
      }
      queryClient.setQueryData(meKey, answer.operator);
      void navigate({ href: search.redirect ?? '/', replace: true });
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(fields);
        if (Object.keys(fields).length === 0) setMessage(err.message);
      } else {
        setMessage('登录失败，请稍后重试');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          运营后台登录
        </h1>
        {step === 'password' ? (
          <>
            <Field label="用户名" required error={errors.username}>
              {(p) => (
                <input
                  {...p}
                  name="username"
                  autoComplete="username"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  autoFocus
                />
              )}
            </Field>
            <Field label="密码" required error={errors.password}>
              {(p) => (
                <input
                  {...p}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
          </>
        ) : (
          <Field label="动态验证码" required error={errors.totp} hint="打开身份验证器应用，输入当前显示的6位数字">
            {(p) => (
              <input
                {...p}
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={totp}
                onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
                autoFocus
              />
            )}
          </Field>
        )}
        {message && (
          <p role="alert" className={styles.error}>
            {message}
          </p>
        )}
        <button type="submit" className={buttonClass('primary', { size: 'lg' })} disabled={busy}>
          {step === 'password' ? '登录' : '验证并登录'}
        </button>
        {step === 'totp' && (
          <button
            type="button"
            className={buttonClass('link')}
            onClick={() => {
              setStep('password');
              setTotp('');
              setErrors({});
            }}
          >
            返回修改账号
          </button>
        )}
      </form>
    </main>
  );
}
