// Registration step 1's form (also the form of a registration started from a WeChat scan):
// account, password twice, mobile with an SMS code, the agreement. Checked here with the server's
// rules first; a refusal shows the first message of the first field at that field (SPEC §5).
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { postCreateCode } from '../../api/account';
import { postRegisterAccount } from '../../api/register';
import {
  PASSWORD_HINT,
  checkAccount,
  mobileProblem,
  type AccountField,
  type AccountValues,
} from '../../domain/account-rules';
import { TextField } from '../../widgets/address/text-field';
import { accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { SmsCodeField } from '../../widgets/account-form/sms-code-field';
import { FlowFormEnd } from '../../widgets/account-form/flow-form-end';

export interface AccountFormProps {
  /** A confirmed WeChat scan the new account is bound to. */
  wechatTicket?: string;
  onRegistered: () => void;
}

const EMPTY: AccountValues = {
  username: '',
  password: '',
  password_confirmation: '',
  phone: '',
  code: '',
  agree: false,
};

export function AccountForm({ wechatTicket, onRegistered }: AccountFormProps) {
  const [values, setValues] = useState<AccountValues>(EMPTY);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});
  const register = useMutation({ mutationFn: postRegisterAccount, meta: { silentErrors: true } });

  const show = (p: FormProblem) => {
    setProblem(p);
    if (p.field) inputs.current[p.field]?.focus();
  };

  const set = (field: keyof AccountValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  const errorOf = (field: AccountField) => (problem?.field === field ? problem.message : undefined);
  const ref = (field: AccountField) => (el: HTMLInputElement | null) => {
    inputs.current[field] = el;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkAccount(values);
    if (found) return show(found);
    setProblem(null);
    register.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        password_confirmation: values.password_confirmation,
        phone: values.phone.trim(),
        code: values.code.trim(),
        agree: '1',
        ...(wechatTicket ? { wechat_ticket: wechatTicket } : {}),
      },
      { onSuccess: onRegistered, onError: (err) => show(formProblemOf(err)) },
    );
  };

  // A problem on a field the form does not have (wechat_ticket) is shown above the button.
  const formMessage = problem && (!problem.field || !(problem.field in EMPTY)) ? problem.message : null;

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <TextField
        ref={ref('username')}
        label="用户名"
        name="username"
        autoComplete="username"
        required
        hint="4-20位字母、数字、下划线或减号，登录时使用"
        value={values.username}
        onChange={set('username')}
        error={errorOf('username')}
      />
      <div className={styles.grid2}>
        <TextField
          ref={ref('password')}
          label="设置密码"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          value={values.password}
          onChange={set('password')}
          error={errorOf('password')}
        />
        <TextField
          ref={ref('password_confirmation')}
          label="确认密码"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={errorOf('password_confirmation')}
        />
      </div>
      <TextField
        ref={ref('phone')}
        label="手机号码"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        required
        value={values.phone}
        onChange={set('phone')}
        error={errorOf('phone')}
      />
      <SmsCodeField
        inputRef={ref('code')}
        hint={codeNote ?? undefined}
        value={values.code}
        onChange={set('code')}
        error={errorOf('code')}
        precheck={() => mobileProblem(values.phone)}
        onPrecheckFailed={(message) => show({ field: 'phone', message })}
        send={async () => {
          const sent = await postCreateCode({ purpose: 'register', phone: values.phone.trim() });
          setCodeNote(`验证码已发送至${sent.phone}，5分钟内有效`);
          return sent;
        }}
        onSent={() => inputs.current.code?.focus()}
        onError={(err) => {
          const p = formProblemOf(err);
          show({ field: p.field ?? 'phone', message: p.message });
        }}
      />
      <div>
        <label className={styles.check}>
          <input
            ref={ref('agree')}
            type="checkbox"
            name="agree"
            checked={values.agree}
            aria-invalid={errorOf('agree') ? true : undefined}
            onChange={(e) => {
              setValues((v) => ({ ...v, agree: e.target.checked }));
              if (problem?.field === 'agree') setProblem(null);
            }}
          />
          我已阅读并同意
          {/* A new tab: the form keeps what was typed. */}
          <a href="/help/xrzn/hyzc" className={styles.link} target="_blank" rel="noopener">
            《用户注册协议》
          </a>
        </label>
        {errorOf('agree') && <p className={styles.fieldError}>{errorOf('agree')}</p>}
      </div>
      <FlowFormEnd
        message={formMessage}
        pending={register.isPending}
        done={register.isSuccess}
        text="下一步，完善企业资料"
        pendingText="提交中…"
      />
    </form>
  );
}
