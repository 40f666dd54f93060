// The review decision: approve (the company can buy from its next request on), or reject with
// a reason the buyer reads on their review page. Rejecting asks for the reason first. The page
// says what was decided (`onDecided`): a decided company is no longer reviewable, so this panel
// leaves the page as soon as the company is read again.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterCompanyChange, approveCompany, rejectCompany } from '../../api/companies.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import { REJECT_REASON_MAX, type CompanyDetail } from '@domain/admin.ts';
import { AlertLine } from '../../widgets/alert-line.tsx';
import panel from '../../widgets/panel.module.css';
import styles from './company-page.module.css';

export function ReviewPanel({ company, onDecided }: { company: CompanyDetail; onDecided: (text: string) => void }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const isRenewal = company.review_status === 'approved';

  const decide = async (action: () => Promise<unknown>, doneText: string) => {
    setBusy(true);
    setError('');
    try {
      await action();
      onDecided(doneText);
      await afterCompanyChange(queryClient);
    } catch (e) {
      setError(e instanceof ConsoleApiError ? (e.fieldErrors.reason?.[0] ?? e.message) : '操作失败，请稍后重试');
      // 409: someone else decided first; show what is true now.
      if (e instanceof ConsoleApiError && e.status === 409) await afterCompanyChange(queryClient);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="review-title" className={`${panel.panel} ${styles.review}`}>
      <h2 id="review-title" className={panel.title}>
        {isRenewal ? '换证审核' : '注册审核'}
      </h2>
      <AlertLine message={error} />
      {!rejecting ? (
        <div className={styles.actions}>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={busy}
            onClick={() =>
              void decide(
                () => approveCompany(company.id),
                isRenewal ? '换证资质已审核通过' : '已审核通过，该企业现在可以下单',
              )
            }
          >
            审核通过
          </button>
          <button type="button" className={buttonClass('danger')} disabled={busy} onClick={() => setRejecting(true)}>
            驳回
          </button>
        </div>
      ) : (
        <form
          className={styles.rejectForm}
          onSubmit={(e) => {
            e.preventDefault();
            void decide(() => rejectCompany(company.id, reason.trim()), '已驳回，买家将看到驳回原因');
          }}
        >
          <Field label="驳回原因（买家可见）" required hint={`2-${REJECT_REASON_MAX}个字`}>
            {(p) => (
              <textarea
                {...p}
                name="reason"
                rows={3}
                maxLength={REJECT_REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <div className={styles.actions}>
            <button type="submit" className={buttonClass('danger')} disabled={busy}>
              确认驳回
            </button>
            <button
              type="button"
              className={buttonClass('outline')}
              disabled={busy}
              onClick={() => setRejecting(false)}
            >
              取消
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
