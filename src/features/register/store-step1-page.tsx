// /register/dd/step1 (SPEC §2 multi-store registration): a signed-in chain head office creates a
// store account (its own company, same rank and staff). No SMS code: the head office is signed in.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { postStoreAccount } from '../../api/register';
import { PASSWORD_HINT, checkStoreAccount, type StoreAccountValues } from '../../domain/account-rules';
import { TextField } from '../../widgets/address/text-field';
import { AccountCard, FlowSteps, accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { STORE_STEPS, storeStep2Href } from './register-flow';
import { FlowFormEnd } from '../../widgets/account-form/flow-form-end';

const EMPTY: StoreAccountValues = { store_name: '', username: '', password: '', password_confirmation: '', phone: '' };

export default function StoreStep1Page() {
  const navigate = useNavigate();
  const [values, setValues] = useState<StoreAccountValues>(EMPTY);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});
  const create = useMutation({ mutationFn: postStoreAccount, meta: { silentErrors: true } });

  const show = (p: FormProblem) => {
    setProblem(p);
    if (p.field) inputs.current[p.field]?.focus();
  };
  const bind = (field: keyof StoreAccountValues) => ({
    ref: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
    name: field,
    required: true,
    value: values[field],
    error: problem?.field === field ? problem.message : undefined,
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      if (problem?.field === field) setProblem(null);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkStoreAccount(values);
    if (found) return show(found);
    setProblem(null);
    create.mutate(
      { ...values, store_name: values.store_name.trim(), username: values.username.trim(), phone: values.phone.trim() },
      {
        onSuccess: (answer) => void navigate({ href: storeStep2Href(answer.store_id) }),
        onError: (err) => show(formProblemOf(err)),
      },
    );
  };

  const formMessage = problem && !(problem.field && problem.field in EMPTY) ? problem.message : null;

  return (
    <AccountCard title="多门店注册" lead="连锁总部为旗下门店创建独立账号，每个门店单独提交资质、单独审核。">
      <FlowSteps steps={STORE_STEPS} current={1} label="门店注册步骤" />
      <form className={styles.form} noValidate onSubmit={submit}>
        <TextField label="门店名称" maxLength={60} {...bind('store_name')} />
        <TextField
          label="门店登录用户名"
          autoComplete="off"
          hint="4-20位字母、数字、下划线或减号"
          {...bind('username')}
        />
        <div className={styles.grid2}>
          <TextField
            label="登录密码"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            {...bind('password')}
          />
          <TextField label="确认密码" type="password" autoComplete="new-password" {...bind('password_confirmation')} />
        </div>
        <TextField label="门店联系手机" type="tel" inputMode="numeric" maxLength={11} {...bind('phone')} />
        <FlowFormEnd
          message={formMessage}
          pending={create.isPending}
          done={create.isSuccess}
          text="下一步，上传门店资质"
          pendingText="提交中…"
        />
      </form>
    </AccountCard>
  );
}
