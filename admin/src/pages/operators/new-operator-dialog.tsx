// 新建运营账号: username, name, phone, role and an initial password the operator changes in 我的账号;
// a second factor is required afterwards from the list (要求动态验证码). The server checks
// everything; its messages show here.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterOperatorChange, createOperator } from '../../api/operators.ts';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '@domain/operator-roles.ts';
import grid from '../../widgets/form-grid.module.css';

export function NewOperatorDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    username: '',
    name: '',
    phone: '',
    role: 'support' as OperatorRole,
    password: '',
    totp: false,
  });
  const { errors, busy, run } = useFormSubmit('创建失败，请稍后重试');
  const submit = async () => {
    await run(async () => {
      await createOperator({
        ...form,
        username: form.username.trim(),
        name: form.name.trim(),
        phone: form.phone.trim(),
      });
      await afterOperatorChange(queryClient);
      onClose();
    });
  };
  return (
    <DialogForm
      title="新建运营账号"
      submitText="创建"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className={grid.wide}>
        <Field label="用户名" required error={errors.username}>
          {(p) => (
            <input
              {...p}
              name="username"
              autoComplete="off"
              maxLength={40}
              value={form.username}
              onChange={(e) => setForm({ ...form, username: e.target.value })}
              autoFocus
            />
          )}
        </Field>
        <Field label="姓名" required error={errors.name}>
          {(p) => (
            <input
              {...p}
              name="name"
              maxLength={20}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className={grid.wide}>
        <Field label="手机" error={errors.phone}>
          {(p) => (
            <input
              {...p}
              name="phone"
              inputMode="tel"
              maxLength={11}
              value={form.phone}
              onChange={(e) => setForm({ ...form, phone: e.target.value })}
            />
          )}
        </Field>
        <Field label="角色" required error={errors.role}>
          {(p) => (
            <select
              {...p}
              name="role"
              value={form.role}
              onChange={(e) => setForm({ ...form, role: e.target.value as OperatorRole })}
            >
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
        {(p) => (
          <input
            {...p}
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        )}
      </Field>
    </DialogForm>
  );
}
