// /register/dd/step3?store_id= (SPEC §2): the store's review status, and the way to add the next store.
import { useQuery } from '@tanstack/react-query';
import { registerStatusQuery } from '../../api/register';
import { AccountCard, FlowSteps } from '../../widgets/account-form/flow-steps';
import { useRouteSearch } from '../../widgets/route-search';
import { SpaLink } from '../../ui/spa-link';
import { StateBlock } from '../../ui/state-block';
import { buttonClass } from '../../ui/button';
import { isApiError } from '../../http/client';
import { STORE_STEPS, storeStep2Href } from './register-flow';
import { ReviewStatusView } from './review-status';
import { storeSearch } from './store-search';

export default function StoreStep3Page() {
  const storeId = useRouteSearch(storeSearch).store_id;
  const status = useQuery({ ...registerStatusQuery(storeId), enabled: storeId !== null, meta: { silentErrors: true } });
  const addAnother = (
    <SpaLink href="/register/dd/step1" className={buttonClass('outline')}>
      继续添加门店
    </SpaLink>
  );
  return (
    <AccountCard title="门店注册">
      <FlowSteps steps={STORE_STEPS} current={3} label="门店注册步骤" />
      {storeId === null ? (
        <StateBlock kind="empty" text="门店不存在" action={addAnother} />
      ) : status.data ? (
        <ReviewStatusView answer={status.data} submitHref={storeStep2Href(storeId)} extra={addAnother} />
      ) : status.isError ? (
        <StateBlock
          kind="failed"
          text={isApiError(status.error) ? status.error.msg : '审核状态加载失败'}
          action={addAnother}
        />
      ) : (
        <StateBlock kind="loading" text="加载中…" />
      )}
    </AccountCard>
  );
}
