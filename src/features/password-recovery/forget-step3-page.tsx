// /forget/step3 (SPEC §2 "reset success"): done; sign in with the new password.
import { useState } from 'react';
import { AccountCard, FlowSteps, accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { SpaLink } from '../../ui/spa-link';
import { buttonClass } from '../../ui/button';
import { RECOVERY_STEPS, readResetUsername } from './recovery-flow';

export default function ForgetStep3Page() {
  const [username] = useState(readResetUsername);
  return (
    <AccountCard title="重置成功" narrow>
      <FlowSteps steps={RECOVERY_STEPS} current={3} label="找回密码步骤" />
      <div className={styles.result}>
        <p className={styles.resultTitle}>密码已重置</p>
        <p className={styles.resultText}>
          {username ? `账号 ${username} 的密码已修改，` : '密码已修改，'}所有设备已退出登录，请使用新密码登录。
        </p>
        <SpaLink href="/login" className={buttonClass('primary', { size: 'lg' })}>
          立即登录
        </SpaLink>
      </div>
    </AccountCard>
  );
}
