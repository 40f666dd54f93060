// 修改密码 (POST /api/user/resetPassword): proven by the current password or, for a member who
// forgot it, by a code sent to the account's own phone (create_code purpose change_password), then
// the new password twice. A signed-in browser alone is not enough (issue 29 §3). The server signs
// the account's other browsers out and writes to 我的消息; this one stays signed in.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postChangePassword, postCreateCode } from '../../api/account';
import { userKeys } from '../../api/user';
import {
  checkPasswordChange,
  PASSWORD_HINT,
  type ChangeProof,
  type PasswordChangeValues,
} from '../../domain/account-rules';
import { TextField } from '../../widgets/address/text-field';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { SmsCodeField } from '../../widgets/account-form/sms-code-field';
import { toast } from '../../ui/toast';
import styles from './basic-page.module.css';
import { FormEnd } from './form-end';

const EMPTY: PasswordChangeValues = { old_password: '', code: '', password: '', password_confirmation: '' };
const KNOWN: readonly string[] = ['old_password', 'code', 'password', 'password_confirmation'];

export function PasswordForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [proof, setProof] = useState<ChangeProof>('password');
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const change = useMutation({ mutationFn: postChangePassword, meta: { silentErrors: true } });

  const errorOf = (field: keyof PasswordChangeValues) => (problem?.field === field ? problem.message : undefined);
  const set = (field: keyof PasswordChangeValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };
  const switchProof = (next: ChangeProof) => {
    setProof(next);
    setProblem(null);
    setValues((v) => ({ ...v, old_password: '', code: '' }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkPasswordChange(values, proof);
    if (found) return setProblem(found);
    setProblem(null);
    const shown = proof === 'password' ? { old_password: values.old_password } : { code: values.code.trim() };
    change.mutate(
      { ...shown, password: values.password, password_confirmation: values.password_confirmation },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setCodeNote(null);
          toast.show({ message: '密码修改成功，其他设备已退出登录', tone: 'success' });
          // 我的消息 has a new message about it.
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
        },
        onError: (err) => setProblem(formProblemOf(err)),
      },
    );
  };

  const formMessage = problem && !KNOWN.includes(problem.field ?? '') ? problem.message : null;

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="basic-password-title">
      <h2 id="basic-password-title" className={styles.sectionTitle}>
        修改密码
      </h2>
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      {proof === 'password' ? (
        <div className={styles.row3}>
          <TextField
            label="原密码"
            name="old_password"
            type="password"
            autoComplete="current-password"
            required
            value={values.old_password}
            onChange={set('old_password')}
            error={errorOf('old_password')}
          />
          <p className={styles.proofSwitch}>
            <button type="button" className={styles.linkButton} onClick={() => switchProof('code')}>
              忘记原密码？用手机验证码修改
            </button>
          </p>
        </div>
      ) : (
        <div className={styles.row3}>
          <SmsCodeField
            className={styles.wide}
            hint={codeNote ?? '验证码将发送至账号绑定的手机号'}
            value={values.code}
            onChange={set('code')}
            error={errorOf('code')}
            send={async () => {
              const sent = await postCreateCode({ purpose: 'change_password' });
              setCodeNote(`验证码已发送至${sent.phone}，5分钟内有效`);
              return sent;
            }}
            onError={(err) => {
              const p = formProblemOf(err);
              setProblem({ field: p.field === 'phone' || !p.field ? 'code' : p.field, message: p.message });
            }}
          />
          <p className={styles.proofSwitch}>
            <button type="button" className={styles.linkButton} onClick={() => switchProof('password')}>
              用原密码修改
            </button>
          </p>
        </div>
      )}
      <div className={styles.row3}>
        <TextField
          label="新密码"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          value={values.password}
          onChange={set('password')}
          error={errorOf('password')}
        />
        <TextField
          label="确认新密码"
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={errorOf('password_confirmation')}
        />
      </div>
      <FormEnd message={formMessage} pending={change.isPending} text="修改密码" pendingText="提交中…" />
    </form>
  );
}
