// /dzht 电子合同: where code 459 leads (SPEC §8) and the account centre links. The current
// version's text with the company's details; the sign button enables once the text is read to the
// end; once signed, the signature, the PDF and the way back to checkout.
import { useQuery } from '@tanstack/react-query';
import { contractQuery, useSignContract } from '../../api/e-contract';
import type { ContractView } from '../../domain/e-contract';
import { formatDateTime } from '../../domain/time';
import { buttonClass } from '../../ui/button';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { SpaLink } from '../../ui/spa-link';
import { QueryStates } from '../../ui/state-block';
import { toast } from '../../ui/toast';
import { ContractText } from './contract-text';
import { useReadToEnd } from './use-read-to-end';
import styles from './e-contract.module.css';

export const READ_FIRST_HINT = '请阅读至合同末尾后签署';
export const NOT_APPROVED_HINT = '企业资质审核通过后才能签署电子合同';

function Signed({ contract }: { contract: ContractView }) {
  const s = contract.signature;
  if (!s) return null;
  return (
    <div className={styles.signed} role="status">
      <p className={styles.signedTitle}>
        已签署《{contract.title}》（{s.version}）
      </p>
      <p className={styles.muted}>
        签署人：{s.signer}　签署时间：{formatDateTime(s.signed_at, 'seconds')}
      </p>
      <div className={styles.actions}>
        {contract.pdf_url && (
          <a className={buttonClass('outline')} href={contract.pdf_url} download>
            下载合同PDF
          </a>
        )}
        <SpaLink className={buttonClass('primary')} href="/cart">
          返回购物车继续结算
        </SpaLink>
      </div>
    </div>
  );
}

function SignBar({ contract, read }: { contract: ContractView; read: boolean }) {
  const sign = useSignContract();
  if (!contract.can_sign) return <p className={styles.hint}>{NOT_APPROVED_HINT}</p>;
  return (
    <div className={styles.signBar}>
      <p className={styles.hint} aria-live="polite">
        {read ? `签署方：${contract.company.name}` : READ_FIRST_HINT}
      </p>
      <button
        type="button"
        className={buttonClass('primary', { size: 'lg' })}
        disabled={!read || sign.isPending}
        onClick={() =>
          sign.mutate(contract.version, {
            onSuccess: () => toast.show({ message: '电子合同签署成功', tone: 'success' }),
          })
        }
      >
        {sign.isPending ? '签署中…' : '我已阅读并同意，签署合同'}
      </button>
    </div>
  );
}

function ContractBody({ contract }: { contract: ContractView }) {
  const { ref, read, onScroll } = useReadToEnd<HTMLDivElement>(contract.version);
  const renewal = !contract.signature && contract.last_signature;
  return (
    <>
      {renewal && (
        <p className={styles.notice} role="note">
          合同已更新至{contract.version}（您已签署{contract.last_signature?.version}
          ），请阅读新版合同并重新签署后再下单。
        </p>
      )}
      {!contract.signature && !renewal && (
        <p className={styles.notice}>下单前请阅读并签署电子合同，签署后即可继续结算。</p>
      )}
      <ContractText
        contract={contract}
        boxRef={ref}
        onScroll={onScroll}
        footer={<p className={styles.end}>（合同正文结束）</p>}
      />
      {contract.signature ? <Signed contract={contract} /> : <SignBar contract={contract} read={read} />}
    </>
  );
}

export default function ContractPage() {
  const contract = useQuery(contractQuery());
  return (
    <PageFrame aria-labelledby="dzht-title">
      <PageHeader titleId="dzht-title" title="电子合同" note="与平台签订的药品购销框架合同，签署后方可下单采购。" />
      <QueryStates query={contract} loading="正在加载合同…" failed="合同加载失败" />
      {contract.data && <ContractBody contract={contract.data} />}
    </PageFrame>
  );
}
