// /forget/step1 (SPEC §2 "forget password"): the account (username or mobile) and an SMS code to
// its phone. The server answers a one-time reset token valid 15 minutes; step 2 spends it.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { postCreateCode, postForgetVerify } from '../../api/account';
import { ACCOUNT_REQUIRED, checkRecovery, recoveryTarget, type RecoveryValues } from '../../domain/account-rules';
import { TextField } from '../../widgets/address/text-field';
import { AccountCard, FlowSteps, accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { SmsCodeField } from '../../widgets/account-form/sms-code-field';
import { SpaLink } from '../../ui/spa-link';
import { RECOVERY_STEPS, savePendingReset } from './recovery-flow';
import { FlowFormEnd } from '../../widgets/account-form/flow-form-end';

const ACCOUNT_CODE_NOTE = '若该账号已绑定手机，验证码已发送至该手机，5分钟内有效；未收到请核对账号或联系客服';

/** The server names the box `username` or `phone`; the page has one box for both. */
const onAccount = (field: string | undefined) => (field === 'username' || field === 'phone' ? 'account' : field);

export default function ForgetStep1Page() {
  const navigate = useNavigate();
  const [values, setValues] = useState<RecoveryValues>({ account: '', code: '' });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});
  const verify = useMutation({ mutationFn: postForgetVerify, meta: { silentErrors: true } });

  const show = (p: FormProblem) => {
    const field = onAccount(p.field);
    setProblem({ field, message: p.message });
    if (field) inputs.current[field]?.focus();
  };
  const errorOf = (field: keyof RecoveryValues) => (problem?.field === field ? problem.message : undefined);
  const set = (field: keyof RecoveryValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };
  const ref = (field: keyof RecoveryValues) => (el: HTMLInputElement | null) => {
    inputs.current[field] = el;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkRecovery(values);
    if (found) return show(found);
    setProblem(null);
    verify.mutate(
      { ...recoveryTarget(values.account), code: values.code.trim() },
      {
        onSuccess: (answer) => {
          savePendingReset({
            token: answer.token,
            username: answer.username,
            expiresAt: Date.now() + answer.expires_in * 1000,
          });
          void navigate({ to: '/forget/step2' });
        },
        onError: (err) => show(formProblemOf(err)),
      },
    );
  };

  const formMessage = problem && problem.field !== 'account' && problem.field !== 'code' ? problem.message : null;

  return (
    <AccountCard title="忘记密码" lead="输入用户名或注册手机号，通过短信验证码验证身份。" narrow>
      <FlowSteps steps={RECOVERY_STEPS} current={1} label="找回密码步骤" />
      <form className={styles.form} noValidate onSubmit={submit}>
        <TextField
          ref={ref('account')}
          label="用户名或手机号"
          name="account"
          autoComplete="username"
          required
          value={values.account}
          onChange={set('account')}
          error={errorOf('account')}
        />
        <SmsCodeField
          inputRef={ref('code')}
          hint={codeNote ?? undefined}
          value={values.code}
          onChange={set('code')}
          error={errorOf('code')}
          precheck={() => (values.account.trim() === '' ? ACCOUNT_REQUIRED : null)}
          onPrecheckFailed={(message) => show({ field: 'account', message })}
          send={async () => {
            const sent = await postCreateCode({ purpose: 'reset_password', ...recoveryTarget(values.account) });
            // The server never says whether the account exists; by username it shows no phone either.
            setCodeNote(sent.phone ? `若该手机号已注册，验证码已发送至${sent.phone}，5分钟内有效` : ACCOUNT_CODE_NOTE);
            return sent;
          }}
          onSent={() => inputs.current.code?.focus()}
          onError={(err) => {
            const p = formProblemOf(err);
            show({ field: p.field ?? 'account', message: p.message });
          }}
        />
        <FlowFormEnd
          message={formMessage}
          pending={verify.isPending}
          done={verify.isSuccess}
          text="下一步"
          pendingText="验证中…"
        />
      </form>
      <div className={styles.links}>
        <SpaLink href="/login" className={styles.link}>
          返回登录
        </SpaLink>
        <SpaLink href="/register" className={styles.link}>
          注册新账号
        </SpaLink>
      </div>
    </AccountCard>
  );
}
