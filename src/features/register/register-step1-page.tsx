// /register/step1 (SPEC §2): the account. Success signs the buyer in and moves to the company step.
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../api/user';
import { AccountCard, FlowSteps, accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { SpaLink } from '../../ui/spa-link';
import { AccountForm } from './account-form';
import { REGISTER_STEPS } from './register-flow';
import { useWechatOffered } from '../../widgets/account-form/wechat-offered';

export default function RegisterStep1Page() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wechat = useWechatOffered() === true;
  return (
    <AccountCard title="会员注册" lead="药店、诊所等医疗机构注册后提交资质，审核通过即可采购。">
      <FlowSteps steps={REGISTER_STEPS} current={1} label="注册步骤" />
      <AccountForm
        onRegistered={() => {
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
          void navigate({ to: '/register/step2' });
        }}
      />
      <div className={styles.links}>
        <span>
          已有账号？
          <SpaLink href="/login" className={styles.link}>
            立即登录
          </SpaLink>
        </span>
        <span>
          {wechat && (
            <>
              <SpaLink href="/register/wechat" className={styles.link}>
                微信扫码注册
              </SpaLink>
              {' · '}
            </>
          )}
          <SpaLink href="/register/dd/step1" className={styles.link}>
            连锁总部添加门店
          </SpaLink>
        </span>
      </div>
    </AccountCard>
  );
}
