// /forget/step2 (SPEC §2 "reset password"): the new password, twice. Spends step 1's token; every
// browser signed in to the account is signed out. Without a live token the buyer goes back to step 1.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { postForgetReset } from '../../api/account';
import { PASSWORD_HINT, checkNewPassword, type NewPasswordValues } from '../../domain/account-rules';
import { TextField } from '../../widgets/address/text-field';
import { AccountCard, FlowSteps, accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { SpaLink } from '../../ui/spa-link';
import { StateBlock } from '../../ui/state-block';
import { buttonClass } from '../../ui/button';
import { RECOVERY_STEPS, clearPendingReset, readPendingReset, saveResetUsername } from './recovery-flow';
import { FlowFormEnd } from '../../widgets/account-form/flow-form-end';

export default function ForgetStep2Page() {
  const navigate = useNavigate();
  const [pending] = useState(() => readPendingReset(Date.now()));
  const [values, setValues] = useState<NewPasswordValues>({ password: '', password_confirmation: '' });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});
  const reset = useMutation({ mutationFn: postForgetReset, meta: { silentErrors: true } });

  const show = (p: FormProblem) => {
    setProblem(p);
    if (p.field) inputs.current[p.field]?.focus();
  };
  const errorOf = (field: keyof NewPasswordValues) => (problem?.field === field ? problem.message : undefined);
  const set = (field: keyof NewPasswordValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  if (!pending) {
    return (
      <AccountCard title="重置密码" narrow>
        <FlowSteps steps={RECOVERY_STEPS} current={2} label="找回密码步骤" />
        <StateBlock
          kind="empty"
          title="验证已失效"
          text="请先通过短信验证码验证身份（验证后15分钟内有效）。"
          action={
            <SpaLink href="/forget/step1" className={buttonClass('primary')}>
              重新验证
            </SpaLink>
          }
        />
      </AccountCard>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkNewPassword(values);
    if (found) return show(found);
    setProblem(null);
    reset.mutate(
      { token: pending.token, ...values },
      {
        onSuccess: (answer) => {
          clearPendingReset();
          saveResetUsername(answer.username);
          void navigate({ to: '/forget/step3' });
        },
        onError: (err) => show(formProblemOf(err)),
      },
    );
  };

  const formMessage =
    problem && problem.field !== 'password' && problem.field !== 'password_confirmation' ? problem.message : null;

  return (
    <AccountCard title="重置密码" lead={`正在为账号 ${pending.username} 设置新密码。`} narrow>
      <FlowSteps steps={RECOVERY_STEPS} current={2} label="找回密码步骤" />
      <form className={styles.form} noValidate onSubmit={submit}>
        <input type="text" name="username" autoComplete="username" value={pending.username} readOnly hidden />
        <TextField
          ref={(el) => {
            inputs.current.password = el;
          }}
          label="新密码"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          required
          value={values.password}
          onChange={set('password')}
          error={errorOf('password')}
        />
        <TextField
          ref={(el) => {
            inputs.current.password_confirmation = el;
          }}
          label="确认新密码"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={errorOf('password_confirmation')}
        />
        <FlowFormEnd
          message={
            <>
              {formMessage}
              {formMessage && (
                <>
                  {' '}
                  <SpaLink href="/forget/step1" className={styles.link}>
                    重新验证
                  </SpaLink>
                </>
              )}
            </>
          }
          pending={reset.isPending}
          done={reset.isSuccess}
          text="确认修改"
          pendingText="提交中…"
        />
      </form>
    </AccountCard>
  );
}
