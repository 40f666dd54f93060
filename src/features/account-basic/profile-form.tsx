// 基本信息: the member's name and mobile (POST /api/user/updateUserInfo). A changed mobile is
// looked up when the field is left (GET /api/user/phone/{value}): one another account uses is
// refused at once, as the server would refuse it on save. Password recovery goes to the mobile, so
// a new one also needs a code sent to it (create_code purpose change_phone) and the current
// password (issue 29 §3); the server then signs the other browsers out and writes to 我的消息.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPhoneExists, postCreateCode, postUpdateUserInfo } from '../../api/account';
import { userKeys } from '../../api/user';
import { checkProfile, mobileProblem, type ProfileValues } from '../../domain/account-rules';
import type { ReviewStatus, UserBase } from '../../domain/user';
import { SpaLink } from '../../ui/spa-link';
import { TextField } from '../../widgets/address/text-field';
import { SmsCodeField } from '../../widgets/account-form/sms-code-field';
import { formProblemOf, type FormProblem } from '../../widgets/account-form/form-problem';
import { toast } from '../../ui/toast';
import styles from './basic-page.module.css';
import { FormEnd } from './form-end';

export const PHONE_TAKEN = '该手机号已被其他账号使用';

const REVIEW_TEXT: Record<ReviewStatus, string> = {
  draft: '未提交资质',
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
};

export function ProfileForm({ user }: { user: UserBase }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileValues>({
    name: user.name,
    phone: user.phone,
    old_password: '',
    code: '',
  });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const phoneChanged = values.phone.trim() !== user.phone;
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
    const found = checkProfile(values, phoneChanged);
    if (found) return setProblem(found);
    setProblem(null);
    const proof = phoneChanged ? { code: values.code.trim(), old_password: values.old_password } : {};
    save.mutate(
      { name: values.name.trim(), phone: values.phone.trim(), ...proof },
      {
        onSuccess: () => {
          toast.show({ message: phoneChanged ? '手机号已更换，其他设备已退出登录' : '保存成功', tone: 'success' });
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
        },
        onError: (err) => setProblem(formProblemOf(err)),
      },
    );
  };

  const formMessage =
    problem && !['name', 'phone', 'code', 'old_password'].includes(problem.field ?? '') ? problem.message : null;

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
        <TextField
          label="姓名"
          name="name"
          maxLength={30}
          required
          value={values.name}
          onChange={set('name')}
          error={errorOf('name')}
        />
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
      {phoneChanged && (
        <div className={styles.row}>
          <SmsCodeField
            hint={codeNote ?? '验证码将发送至新手机号'}
            value={values.code}
            onChange={set('code')}
            error={errorOf('code')}
            precheck={() => mobileProblem(values.phone)}
            onPrecheckFailed={(message) => setProblem({ field: 'phone', message })}
            send={async () => {
              const sent = await postCreateCode({ purpose: 'change_phone', phone: values.phone.trim() });
              setCodeNote(`验证码已发送至${sent.phone}，5分钟内有效`);
              return sent;
            }}
            onError={(err) => {
              const p = formProblemOf(err);
              setProblem({ field: p.field ?? 'phone', message: p.message });
            }}
          />
          <TextField
            label="登录密码"
            name="old_password"
            type="password"
            autoComplete="current-password"
            required
            hint="更换手机号需验证当前登录密码"
            value={values.old_password}
            onChange={set('old_password')}
            error={errorOf('old_password')}
          />
        </div>
      )}
      <FormEnd message={formMessage} pending={save.isPending} text="保存" pendingText="保存中…" />
    </form>
  );
}
