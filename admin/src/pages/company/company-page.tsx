// One company: its registration data beside its qualification files (the review screen), the
// decision (approve, or reject with the reason the buyer reads), and the settings operators own.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { companyQuery } from '../../api/companies.ts';
import { meQuery } from '../../api/session.ts';
import { ReviewStatusTag } from '../../widgets/review-status.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { FilesViewer } from './files-viewer.tsx';
import { ReviewPanel } from './review-panel.tsx';
import { SettingsForm } from './settings-form.tsx';
import { WalletSection } from './wallet-section.tsx';
import { StoreRelationsSection } from './store-relations-section.tsx';
import panel from '../../widgets/panel.module.css';
import styles from './company-page.module.css';

export function CompanyPage() {
  const { companyId } = useParams({ strict: false }) as { companyId?: number };
  const id = typeof companyId === 'number' ? companyId : 0;
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'companiesRead') : false;
  const mayReview = me ? mayOpen(me.role, 'companiesReview') : false;
  const company = useQuery({ ...companyQuery(id), enabled: allowed && id > 0 });
  // What the operator just decided here (the review panel is gone once the company is decided).
  const [decided, setDecided] = useState<{ id: number; text: string } | null>(null);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能查看企业资料。" />;
  if (id <= 0 || (company.isError && company.error.message === '企业不存在'))
    return (
      <StateBlock
        kind="empty"
        title="企业不存在"
        text="该企业不存在或编号有误。"
        action={<Link to="/companies">返回企业列表</Link>}
      />
    );
  if (company.isError)
    return (
      <StateBlock
        kind="failed"
        text={company.error.message}
        action={
          <button type="button" className={buttonClass('primary')} onClick={() => void company.refetch()}>
            重试
          </button>
        }
      />
    );
  if (!company.data) return <StateBlock kind="loading" text="正在加载企业资料…" />;
  const c = company.data;
  const pendingFiles = c.files.filter((f) => f.status === 'pending').length;
  const reviewable = c.review_status === 'pending' || (c.review_status === 'approved' && pendingFiles > 0);

  return (
    <section aria-labelledby="company-title" className={styles.page}>
      <header className={styles.header}>
        <Link to="/companies" className={styles.back}>
          ← 企业列表
        </Link>
        <h1 id="company-title" className={styles.title}>
          {c.name || '（未填写企业名称）'}
        </h1>
        <ReviewStatusTag status={c.review_status} />
        {c.review_status === 'approved' && pendingFiles > 0 && (
          <span className={styles.renewal}>换证待审（{pendingFiles} 份文件）</span>
        )}
        {decided?.id === c.id && (
          <p role="status" className={styles.done}>
            {decided.text}
          </p>
        )}
      </header>

      <div className={styles.sideBySide}>
        <div className={styles.column}>
          <section aria-labelledby="info-title" className={panel.panel}>
            <h2 id="info-title" className={panel.title}>
              企业信息
            </h2>
            <dl className={styles.facts}>
              <Fact term="统一社会信用代码" value={c.credit_code} />
              <Fact term="法定代表人" value={c.legal_person} />
              <Fact term="联系人" value={c.contact_name} />
              <Fact term="联系电话" value={c.contact_phone} />
              <Fact term="地址" value={c.address} />
              <Fact term="注册时间" value={formatDateTime(c.created_at)} />
              <Fact term="电子合同" value={c.contract_signed ? '已签署' : '未签署'} />
              <Fact term="账号" value={c.users.map((u) => `${u.username}（${u.name || u.phone}）`).join('、')} />
              {c.review_note && <Fact term="审核备注" value={c.review_note} />}
            </dl>
          </section>
          {reviewable && mayReview && <ReviewPanel company={c} onDecided={(text) => setDecided({ id: c.id, text })} />}
        </div>
        <FilesViewer files={c.files} />
      </div>

      {mayReview && <SettingsForm company={c} />}
      <StoreRelationsSection companyId={c.id} mayChange={me ? mayOpen(me.role, 'storeRelations') : false} />
      {me && mayOpen(me.role, 'wallet') && <WalletSection companyId={c.id} companyName={c.name} />}
    </section>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}
