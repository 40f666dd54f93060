// 新建运营账号: username, name, phone, role and an initial password the operator changes in 我的账号;
// a second factor is required afterwards from the list (要求动态验证码). The server checks
// everything; its messages show here.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterOperatorChange, createOperator } from '../../api/operators.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Dialog, DialogActions, DialogClose } from '@ui/dialog.tsx';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '@domain/operator-roles.ts';
import styles from './new-operator-dialog.module.css';

export function NewOperatorDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ username: '', name: '', phone: '', role: 'support' as OperatorRole, password: '', totp: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await createOperator({ ...form, username: form.username.trim(), name: form.name.trim(), phone: form.phone.trim() });
      await afterOperatorChange(queryClient);
      onClose();
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(Object.keys(fields).length > 0 ? fields : { form: err.message });
      } else setErrors({ form: '创建失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="新建运营账号" closeLabel="关闭">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.row}>
          <Field label="用户名" required error={errors.username}>
            {(p) => <input {...p} name="username" autoComplete="off" maxLength={40} value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} autoFocus />}
          </Field>
          <Field label="姓名" required error={errors.name}>
            {(p) => <input {...p} name="name" maxLength={20} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />}
          </Field>
        </div>
        <div className={styles.row}>
          <Field label="手机" error={errors.phone}>
            {(p) => <input {...p} name="phone" inputMode="tel" maxLength={11} value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />}
          </Field>
          <Field label="角色" required error={errors.role}>
            {(p) => (
              <select {...p} name="role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as OperatorRole })}>
                {OPERATOR_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {OPERATOR_ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="初始密码（至少10位，请其登录后在“我的账号”中修改）" required error={errors.password}>
          {(p) => <input {...p} type="password" name="password" autoComplete="new-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />}
        </Field>
        {errors.form && (
          <p role="alert" className={styles.error}>
            {errors.form}
          </p>
        )}
        <DialogActions>
          <DialogClose className={buttonClass('outline')}>取消</DialogClose>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            创建
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
