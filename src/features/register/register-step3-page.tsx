// /register/step3 (SPEC §2): "submitted, awaiting review" — and the page a buyer comes back to
// later to see the review state and the reviewer's reason (GET /api/register/status).
import { useQuery } from '@tanstack/react-query';
import { registerStatusQuery } from '../../api/register';
import { AccountCard, FlowSteps } from '../../widgets/account-form/flow-steps';
import { StateBlock } from '../../ui/state-block';
import { buttonClass } from '../../ui/button';
import { REGISTER_STEPS } from './register-flow';
import { ReviewStatusView } from './review-status';

export default function RegisterStep3Page() {
  const status = useQuery(registerStatusQuery(null));
  return (
    <AccountCard title="注册审核">
      <FlowSteps steps={REGISTER_STEPS} current={3} label="注册步骤" />
      {status.data ? (
        <ReviewStatusView answer={status.data} submitHref="/register/step2" />
      ) : status.isError ? (
        <StateBlock
          kind="failed"
          text="审核状态加载失败"
          action={
            <button type="button" className={buttonClass('secondary')} onClick={() => void status.refetch()}>
              重新加载
            </button>
          }
        />
      ) : (
        <StateBlock kind="loading" text="加载中…" />
      )}
    </AccountCard>
  );
}
