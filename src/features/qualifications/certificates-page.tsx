// /zzzj 资质证照 (account centre): the company's certificates with number, issuer and valid-until,
// the ones expiring within 30 days or expired marked, each file viewable, and a renewal upload that
// goes to review while the old certificate stays in force. Beside it, the licensed 经营范围, which
// decides which goods the company may buy.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { certificatesQuery } from '../../api/qualifications';
import { EXPIRING_WITHIN_DAYS, type Certificate } from '../../domain/qualifications';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { StateBlock } from '../../ui/state-block';
import { DataTable } from '../../ui/data-table';
import { buttonClass } from '../../ui/button';
import { BusinessScopePanel } from './business-scope-panel';
import { RenewalDialog } from './renewal-dialog';
import styles from './certificates.module.css';

const COLUMNS = ['证件名称', '证件编号', '发证机关', '有效期至', '状态', '操作'] as const;

/** The valid-until cell's marker: 已过期, 即将过期 (n 天), or nothing. */
export function expiryMark(c: Certificate): { text: string; tone: 'expired' | 'expiring' } | null {
  if (c.expiry === 'expired') return { text: '已过期', tone: 'expired' };
  if (c.expiry === 'expiring')
    return { text: c.days_left === 0 ? '今天到期' : `${c.days_left}天后到期`, tone: 'expiring' };
  return null;
}

function statusText(c: Certificate): string {
  if (c.status === 'pending') return '审核中';
  if (c.status === 'rejected') return `未通过${c.review_note ? `：${c.review_note}` : ''}`;
  return '已审核';
}

function RenewalState({ c }: { c: Certificate }) {
  const r = c.renewal;
  if (!r) return null;
  return (
    <p className={r.status === 'pending' ? styles.renewalPending : styles.renewalRejected}>
      {r.status === 'pending'
        ? `新证件审核中（有效期至 ${r.expires_on ?? '长期'}）`
        : `新证件未通过${r.review_note ? `：${r.review_note}` : ''}`}{' '}
      <a className={styles.link} href={r.file_url} target="_blank" rel="noopener noreferrer">
        查看
      </a>
    </p>
  );
}

function CertificateRow({ c, onRenew }: { c: Certificate; onRenew: (c: Certificate) => void }) {
  const mark = expiryMark(c);
  const canRenew = c.status === 'approved' && c.renewal?.status !== 'pending';
  return (
    <tr data-kind={c.kind} data-expiry={c.expiry}>
      <td>
        <span className={styles.name}>{c.kind_name}</span>
        {c.required === 1 && <span className={styles.required}>采购必需</span>}
      </td>
      <td className={styles.mono}>{c.number || '—'}</td>
      <td>{c.issuer || '—'}</td>
      <td>
        {c.expires_on ?? '长期'}
        {mark && (
          <span className={mark.tone === 'expired' ? styles.expired : styles.expiring} data-mark={mark.tone}>
            {mark.text}
          </span>
        )}
      </td>
      <td>
        {statusText(c)}
        <RenewalState c={c} />
      </td>
      <td className={styles.actions}>
        <a
          className={styles.link}
          href={c.file_url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`查看${c.kind_name}文件`}
        >
          查看
        </a>
        <a className={styles.link} href={c.file_url} download={c.file_name} aria-label={`下载${c.kind_name}文件`}>
          下载
        </a>
        {canRenew && (
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => onRenew(c)}
            aria-label={`更新${c.kind_name}`}
          >
            更新证件
          </button>
        )}
      </td>
    </tr>
  );
}

export default function CertificatesPage() {
  const query = useQuery(certificatesQuery());
  const [renewing, setRenewing] = useState<Certificate | null>(null);
  const data = query.data;

  return (
    <PageFrame aria-labelledby="zzzj-title">
      <PageHeader
        titleId="zzzj-title"
        title="资质证照"
        className={styles.header}
        note={data && `${data.company}，共 ${data.list.length} 项证件`}
      />
      {data === undefined && query.isPending ? (
        <StateBlock kind="loading" text="正在加载资质证照…" />
      ) : data === undefined ? (
        <StateBlock
          kind="failed"
          text="资质证照加载失败"
          action={
            <button type="button" className={buttonClass('secondary')} onClick={() => void query.refetch()}>
              重新加载
            </button>
          }
        />
      ) : (
        <>
          {data.blocking.length > 0 && (
            <p className={styles.blocking} role="alert">
              您的{data.blocking.join('、')}已过期，暂不能采购。请上传新证件，审核通过后即可恢复下单。
            </p>
          )}
          {data.blocking.length === 0 && data.expired + data.expiring > 0 && (
            <p className={styles.notice} role="status">
              {data.expired > 0 && `${data.expired}项证件已过期；`}
              {data.expiring > 0 && `${data.expiring}项证件将在${EXPIRING_WITHIN_DAYS}天内到期；`}
              请及时上传新证件。
            </p>
          )}
          {data.list.length === 0 ? (
            <StateBlock kind="empty" text="暂无资质证件，请联系您的客户经理补充资料" />
          ) : (
            <DataTable caption="资质证件列表" columns={COLUMNS} busy={query.isFetching}>
              {data.list.map((c) => (
                <CertificateRow key={c.id} c={c} onRenew={setRenewing} />
              ))}
            </DataTable>
          )}
          <p className={styles.muted}>证件到期前请上传新证件；新证件审核通过前，原证件继续有效。</p>
        </>
      )}
      <BusinessScopePanel />
      <RenewalDialog certificate={renewing} onClose={() => setRenewing(null)} />
    </PageFrame>
  );
}
