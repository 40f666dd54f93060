// /register/dd/step2?store_id= (SPEC §2): the store's own company details and documents, submitted
// by its head office.
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { postStoreCompany, registerKeys } from '../../api/register';
import { AccountCard, FlowSteps } from '../../widgets/account-form/flow-steps';
import { useRouteSearch } from '../../widgets/route-search';
import { SpaLink } from '../../ui/spa-link';
import { StateBlock } from '../../ui/state-block';
import { buttonClass } from '../../ui/button';
import { CompanyForm } from './company-form';
import { STORE_STEPS, storeStep3Href } from './register-flow';
import { storeSearch } from './store-search';

export default function StoreStep2Page() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const storeId = useRouteSearch(storeSearch).store_id;
  return (
    <AccountCard title="上传门店资质" lead="门店作为独立企业审核，请填写门店自己的营业执照和许可证信息。">
      <FlowSteps steps={STORE_STEPS} current={2} label="门店注册步骤" />
      {storeId === null ? (
        <StateBlock
          kind="empty"
          text="请先创建门店账号"
          action={
            <SpaLink href="/register/dd/step1" className={buttonClass('primary')}>
              创建门店账号
            </SpaLink>
          }
        />
      ) : (
        <CompanyForm
          kinds={['pharmacy', 'clinic', 'hospital', 'other']}
          submitLabel="提交门店资质"
          onSubmit={async (form) => {
            form.append('store_id', String(storeId));
            await postStoreCompany(form);
            await queryClient.invalidateQueries({ queryKey: registerKeys.all });
            void navigate({ href: storeStep3Href(storeId) });
          }}
        />
      )}
    </AccountCard>
  );
}
