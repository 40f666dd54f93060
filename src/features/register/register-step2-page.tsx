// /register/step2 (SPEC §2): the company's details and documents. A company already under review
// or approved goes to the status instead; after a rejection the reason is shown above the form.
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { postRegisterCompany, registerKeys, registerStatusQuery } from '../../api/register';
import { userKeys } from '../../api/user';
import { AccountCard, FlowSteps, accountFormStyles as styles } from '../../widgets/account-form/flow-steps';
import { StateBlock } from '../../ui/state-block';
import { CompanyForm } from './company-form';
import { REGISTER_STEPS } from './register-flow';
import { ReviewStatusView } from './review-status';

export default function RegisterStep2Page() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useQuery(registerStatusQuery(null));
  const answer = status.data;

  return (
    <AccountCard title="完善企业资料" lead="请填写企业信息并上传资质文件，提交后我们将在1个工作日内完成审核。">
      <FlowSteps steps={REGISTER_STEPS} current={2} label="注册步骤" />
      {status.isPending ? (
        <StateBlock kind="loading" text="加载中…" />
      ) : answer && (answer.review_status === 'pending' || answer.review_status === 'approved') ? (
        <ReviewStatusView answer={answer} submitHref="/register/step2" />
      ) : (
        <>
          {answer?.review_status === 'rejected' && answer.review_note !== '' && (
            <p className={styles.note} role="note">
              上次提交未通过审核：{answer.review_note}
            </p>
          )}
          <CompanyForm
            kinds={['pharmacy', 'chain', 'clinic', 'hospital', 'other']}
            initialName={answer?.company ?? ''}
            submitLabel="提交审核"
            onSubmit={async (form) => {
              await postRegisterCompany(form);
              await queryClient.invalidateQueries({ queryKey: registerKeys.all });
              void queryClient.invalidateQueries({ queryKey: userKeys.all });
              void navigate({ to: '/register/step3' });
            }}
          />
        </>
      )}
    </AccountCard>
  );
}
