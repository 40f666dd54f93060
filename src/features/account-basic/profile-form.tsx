// 基本信息: the member's name and mobile (POST /api/user/updateUserInfo). A changed mobile is
// looked up when the field is left (GET /api/user/phone/{value}): one another account uses is
// refused at once, as the server would refuse it on save.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPhoneExists, postUpdateUserInfo } from '../../api/account';
import { userKeys } from '../../api/user';
import { checkProfile, mobileProblem, type ProfileValues } from '../../domain/account-rules';
import type { ReviewStatus, UserBase } from '../../domain/user';
import { SpaLink } from '../../ui/spa-link';
import { TextField } from '../../widgets/address/text-field';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { buttonClass } from '../../ui/button';
import { toast } from '../../ui/toast';
import styles from './basic-page.module.css';

export const PHONE_TAKEN = '该手机号已被其他账号使用';

const REVIEW_TEXT: Record<ReviewStatus, string> = { draft: '未提交资质', pending: '审核中', approved: '已通过', rejected: '未通过' };

export function ProfileForm({ user }: { user: UserBase }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>({ name: user.name, phone: user.phone });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const save = useMutation({ mutationFn: postUpdateUserInfo, meta: { silentErrors: true } });

  const errorOf = (field: keyof ProfileValues) => (problem?.field === field ? problem.message : undefined);
  const set = (field: keyof ProfileValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  const checkPhone = async () => {
    const phone = values.phone.trim();
    if (phone === user.phone || mobileProblem(phone)) return;
    try {
      if ((await getPhoneExists(phone)).exists) setProblem({ field: 'phone', message: PHONE_TAKEN });
    } catch {
      // The look-up is a courtesy (rate limited); saving checks again on the server.
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkProfile(values);
    if (found) return setProblem(found);
    setProblem(null);
    save.mutate(
      { name: values.name.trim(), phone: values.phone.trim() },
      {
        onSuccess: () => {
          toast.show({ message: '保存成功', tone: 'success' });
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
        },
        onError: (err) => setProblem(formProblemOf(err)),
      },
    );
  };

  const formMessage = problem && problem.field !== 'name' && problem.field !== 'phone' ? problem.message : null;

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="basic-profile-title">
      <h2 id="basic-profile-title" className={styles.sectionTitle}>
        个人资料
      </h2>
      <dl className={styles.facts}>
        <dt>用户名</dt>
        <dd>{user.username}</dd>
        <dt>企业名称</dt>
        <dd>{user.company || '未完善'}</dd>
        <dt>资质审核</dt>
        <dd>
          {REVIEW_TEXT[user.customer.review_status]}
          {user.customer.review_status !== 'approved' && (
            <>
              {' '}
              <SpaLink href="/register/step3" className={styles.link}>
                查看审核进度
              </SpaLink>
            </>
          )}
        </dd>
      </dl>
      <div className={styles.row}>
        <TextField label="姓名" name="name" maxLength={30} required value={values.name} onChange={set('name')} error={errorOf('name')} />
        <TextField
          label="手机号码"
          name="phone"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          required
          hint="用于找回密码"
          value={values.phone}
          onChange={set('phone')}
          onBlur={() => void checkPhone()}
          error={errorOf('phone')}
        />
      </div>
      {formMessage && (
        <p className={styles.formError} role="alert">
          {formMessage}
        </p>
      )}
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
