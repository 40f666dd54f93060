// 修改密码: the current password, then the new one twice (POST /api/user/resetPassword with
// old_password). The server signs the account's other browsers out; this one stays signed in.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { postChangePassword } from '../../api/account';
import { checkPasswordChange, type PasswordChangeValues } from '../../domain/account-rules';
import { TextField } from '../../widgets/address/text-field';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { buttonClass } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './basic-page.module.css';

const EMPTY: PasswordChangeValues = { old_password: '', password: '', password_confirmation: '' };

export function PasswordForm() {
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const change = useMutation({ mutationFn: postChangePassword, meta: { silentErrors: true } });

  const errorOf = (field: keyof PasswordChangeValues) => (problem?.field === field ? problem.message : undefined);
  const set = (field: keyof PasswordChangeValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkPasswordChange(values);
    if (found) return setProblem(found);
    setProblem(null);
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        toast.show({ message: '密码修改成功，其他设备已退出登录', tone: 'success' });
      },
      onError: (err) => setProblem(formProblemOf(err)),
    });
  };

  const known = ['old_password', 'password', 'password_confirmation'];
  const formMessage = problem && !known.includes(problem.field ?? '') ? problem.message : null;

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="basic-password-title">
      <h2 id="basic-password-title" className={styles.sectionTitle}>
        修改密码
      </h2>
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <div className={styles.row3}>
        <TextField label="原密码" name="old_password" type="password" autoComplete="current-password" required value={values.old_password} onChange={set('old_password')} error={errorOf('old_password')} />
        <TextField label="新密码" name="new_password" type="password" autoComplete="new-password" required hint="6-20位字母和数字组合" value={values.password} onChange={set('password')} error={errorOf('password')} />
        <TextField label="确认新密码" name="password_confirmation" type="password" autoComplete="new-password" required value={values.password_confirmation} onChange={set('password_confirmation')} error={errorOf('password_confirmation')} />
      </div>
      {formMessage && (
        <p className={styles.formError} role="alert">
          {formMessage}
        </p>
      )}
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={change.isPending}>
          {change.isPending ? '提交中…' : '修改密码'}
        </button>
      </div>
    </form>
  );
}
