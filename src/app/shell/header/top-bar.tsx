// The thin bar above the header (SPEC §2 header): greeting with company name and 退出 for members,
// 登录 / 注册 for visitors, and the service links on the right.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { logoutMutation } from '../../sign-out';
import { SITE_TITLE } from '../../../domain/constants';
import type { UserBase } from '../../../domain/user';
import { checkSignOut, useLocalAccount } from '../../../local';
import { alert } from '../../../ui/alert-dialog';
import { ShellLink } from '../shell-link';
import { ShopQrPopover } from '../shop-qr-popover';
import { InstallButton } from './install-button';
import { ActingStore } from './acting-store';
import styles from './header.module.css';

export interface TopBarProps {
  user: UserBase | null;
  /** False until the user base answered: the account area keeps its size but shows nothing yet. */
  shown: boolean;
}

/**
 * Offline changes not yet synced live only on this device and are deleted with the account's
 * local data on sign-out: the buyer confirms first. Resolves true to go on.
 */
async function confirmSignOut(): Promise<boolean> {
  const { warning } = await checkSignOut();
  if (warning === null) return true;
  let confirmed = false;
  await alert.open({
    message: warning,
    actions: [
      { label: '取消' },
      {
        label: '确定',
        onClick: () => {
          confirmed = true;
        },
      },
    ],
  });
  return confirmed;
}

function Account({ user, shown }: TopBarProps) {
  const logout = useMutation(logoutMutation());
  const [checking, setChecking] = useState(false);
  const signOut = async () => {
    setChecking(true);
    try {
      if (await confirmSignOut()) logout.mutate();
    } finally {
      setChecking(false);
    }
  };
  // Started without the server: the user base is unknown, but this device's store is open for
  // the last signed-in account, whose cart and favourites the pages show. Say whose, not 登录.
  const offlineAccount = useLocalAccount(!user);
  if (!shown) return <span className={styles.account} aria-hidden="true" />;
  if (!user && offlineAccount) {
    return (
      <span className={styles.account}>
        <span className={styles.greeting}>您好，</span>
        <span className={styles.company}>{offlineAccount.username}</span>
        <span className={styles.greeting}>（离线）</span>
      </span>
    );
  }
  if (!user) {
    return (
      <span className={styles.account}>
        <span className={styles.greeting}>您好，欢迎来到{SITE_TITLE}！</span>
        <ShellLink href="/login" className={styles.accent}>
          登录
        </ShellLink>
        <ShellLink href="/register" className={styles.barLink}>
          注册
        </ShellLink>
      </span>
    );
  }
  return (
    <span className={styles.account}>
      <span className={styles.greeting}>您好，</span>
      {/* Acting as a store: the greeting stays the head office's, the mark beside it names the store. */}
      <ShellLink href="/user" className={styles.company} title={user.acting_as?.head_office ?? user.company}>
        {user.acting_as?.head_office ?? (user.company || user.name || user.username)}
      </ShellLink>
      {user.acting_as && <ActingStore acting={user.acting_as} />}
      <button
        type="button"
        className={styles.logout}
        disabled={logout.isPending || checking}
        onClick={() => void signOut()}
      >
        {logout.isPending ? '退出中…' : '退出'}
      </button>
    </span>
  );
}

export function TopBar({ user, shown }: TopBarProps) {
  return (
    <div className={styles.topBar}>
      <div className={styles.topBarInner}>
        <Account user={user} shown={shown} />
        <nav className={styles.barNav} aria-label="站点导航">
          <ShellLink href="/" className={styles.barLink}>
            返回首页
          </ShellLink>
          <InstallButton className={`${styles.barLink} ${styles.barButton} ${styles.hideNarrow}`} />
          <ShellLink href="/user" className={`${styles.barLink} ${styles.hideNarrow}`}>
            会员中心
          </ShellLink>
          <ShellLink href="/order" className={styles.barLink}>
            我的订单
          </ShellLink>
          <ShellLink href="/dzfp" className={`${styles.barLink} ${styles.hideNarrow}`}>
            电子发票查询
          </ShellLink>
          <ShopQrPopover
            code="mini_program"
            trigger="小程序"
            triggerClassName={`${styles.barLink} ${styles.barButton} ${styles.hideNarrow}`}
            title="微信小程序"
            hint="微信扫一扫，随时随地采购"
          />
        </nav>
      </div>
    </div>
  );
}
