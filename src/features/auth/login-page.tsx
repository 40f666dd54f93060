// /login (SPEC §2): company account sign-in. Errors show inline in Chinese; success sets the
// login marker and loads the `redirect` target as a full page (SPEC §2's one reload). The side
// panel shows the operator's 登录页 picture (GET /api/focus/login) above the selling points.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { completeSignIn, loginMutation } from '../../api/user';
import { SITE_TITLE } from '../../domain/constants';
import { DemoAccounts } from './demo-accounts';
import { LoginBanner } from './login-banner';
import { loginErrorMessage } from './login-error';
import { loginSearch } from './redirect-target';
import styles from './login-page.module.css';
import { useRouteSearch } from '../../widgets/route-search';

const SELLING_POINTS = [
  { title: '万余品种', text: '西药、中成药、中药饮片、医疗器械一站采购' },
  { title: '批发底价', text: '阶梯报价，满额包邮，每日特价' },
  { title: '正品保障', text: '资质审核，批号效期可查' },
] as const;

export function LoginPage() {
  const target = useRouteSearch(loginSearch).redirect;
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const login = useMutation({
    ...loginMutation(),
    onSuccess: () => completeSignIn(target),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = username.trim();
    if (name === '') return setFormError('请输入用户名');
    if (password === '') return setFormError('请输入密码');
    setFormError(null);
    login.mutate({ username: name, password });
  };

  const error = formError ?? (login.isError ? loginErrorMessage(login.error) : null);
  const busy = login.isPending || login.isSuccess;
  const errorId = `${id}-error`;

  return (
    <div className={styles.page}>
      <div className={styles.inner}>
        <section className={styles.promo} aria-label="平台介绍">
          <LoginBanner />
          <p className={styles.promoTitle}>{SITE_TITLE}</p>
          <p className={styles.promoLead}>药店、诊所的一站式医药采购平台</p>
          <ul className={styles.points}>
            {SELLING_POINTS.map((p) => (
              <li key={p.title}>
                <b>{p.title}</b>
                <span>{p.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.card} aria-labelledby={`${id}-title`}>
          <h1 id={`${id}-title`} className={styles.title}>
            企业账号登录
          </h1>
          <form className={styles.form} onSubmit={submit} noValidate>
            <label className={styles.label} htmlFor={`${id}-username`}>
              用户名
            </label>
            <input
              id={`${id}-username`}
              className={styles.input}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="请输入用户名"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={error !== null && username.trim() === '' ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <label className={styles.label} htmlFor={`${id}-password`}>
              密码
            </label>
            <input
              id={`${id}-password`}
              className={styles.input}
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder="请输入密码"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={error ? errorId : undefined}
            />
            {/* The slot is always there so an error does not push the button down. */}
            <p id={errorId} className={styles.error} role="alert">
              {error}
            </p>
            <button type="submit" className={styles.submit} disabled={busy}>
              {login.isSuccess ? '登录成功，正在跳转…' : login.isPending ? '登录中…' : '登录'}
            </button>
            <div className={styles.links}>
              <Link to="/forget" className={styles.link}>
                忘记密码？
              </Link>
              <span>
                还没有账号？
                <Link to="/register" className={styles.link}>
                  免费注册
                </Link>
              </span>
            </div>
          </form>
          <DemoAccounts
            onPick={(username, pw) => {
              setUsername(username);
              setPassword(pw);
              setFormError(null);
              login.reset();
            }}
          />
        </section>
      </div>
    </div>
  );
}

export default LoginPage;
