// /basic (also /zhzx, the account centre's default, SPEC §2): name and mobile, password change with
// the current password, and the recent sign-ins.
import { useQuery } from '@tanstack/react-query';
import { userBaseQuery } from '../../api/user';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { StateBlock } from '../../ui/state-block';
import { LoginHistory } from './login-history';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import styles from './basic-page.module.css';

export default function BasicPage() {
  const user = useQuery(userBaseQuery());
  return (
    <PageFrame aria-labelledby="basic-title">
      <PageHeader titleId="basic-title" title="基本信息" />
      <div className={styles.body}>
        {user.data ? (
          <ProfileForm key={`${user.data.name}|${user.data.phone}`} user={user.data} />
        ) : (
          <StateBlock kind={user.isError ? 'failed' : 'loading'} text={user.isError ? '账户信息加载失败' : '加载中…'} />
        )}
        <PasswordForm />
        <LoginHistory />
      </div>
    </PageFrame>
  );
}
