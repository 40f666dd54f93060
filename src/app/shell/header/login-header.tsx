// The slim header of the login and registration pages (SPEC §2 "login-style header").
import type { RouteDef } from '../../../routes/types';
import { ShellLink } from '../shell-link';
import { Logo } from './logo';
import styles from './header.module.css';

export function LoginHeader({ def }: { def: RouteDef }) {
  return (
    <header className={styles.loginHeader}>
      <div className={styles.loginInner}>
        <Logo />
        <span className={styles.loginTitle}>{def.title}</span>
        <nav className={styles.loginLinks} aria-label="站点导航">
          <ShellLink href="/" className={styles.barLink}>
            返回首页
          </ShellLink>
          <ShellLink href="/help/xrzn/hyzc" className={styles.barLink}>
            帮助中心
          </ShellLink>
        </nav>
      </div>
    </header>
  );
}
