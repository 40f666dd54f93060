// 门店关系 on the company page: the head office this company is a store of, or the stores under
// it. 审核 and 管理员 link it to a head office by number or unlink it; the server refuses a
// cycle, a second head office, a company linked to itself and a second level, on the field.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  afterStoreRelationChange,
  linkToHead,
  storeRelationsQuery,
  unlinkFromHead,
} from '../../api/store-relations.ts';
import { afterCompanyChange } from '../../api/companies.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { Field } from '@ui/field.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import panel from '../../widgets/panel.module.css';
import styles from './wallet-section.module.css';

export function StoreRelationsSection({ companyId, mayChange }: { companyId: number; mayChange: boolean }) {
  const queryClient = useQueryClient();
  const relations = useQuery(storeRelationsQuery(companyId));
  const [headId, setHeadId] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await action();
      setHeadId('');
    } catch (err) {
      setError(err instanceof ConsoleApiError ? (err.fieldErrors.head_id?.[0] ?? err.message) : '操作失败，请稍后重试');
    } finally {
      await Promise.all([afterStoreRelationChange(queryClient), afterCompanyChange(queryClient)]);
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{1,9}$/.test(headId.trim())) return setError('请填写总部企业编号');
    void run(() => linkToHead(companyId, Number(headId.trim())));
  };

  const r = relations.data;
  return (
    <section aria-labelledby="stores-title" className={panel.panel}>
      <h2 id="stores-title" className={panel.title}>
        门店关系
      </h2>
      {relations.isError ? (
        <StateBlock kind="failed" text={relations.error.message} />
      ) : !r ? (
        <StateBlock kind="loading" text="正在加载…" />
      ) : (
        <>
          {r.head ? (
            <div className={styles.panelHead}>
              <span>
                所属总部：
                <Link to="/companies/$companyId" params={{ companyId: String(r.head.id) }}>
                  {r.head.name}（编号 {r.head.id}）
                </Link>
              </span>
              {mayChange && (
                <button
                  type="button"
                  className={buttonClass('outline', { size: 'sm' })}
                  disabled={busy}
                  onClick={() => void run(() => unlinkFromHead(companyId))}
                >
                  解除门店关系
                </button>
              )}
            </div>
          ) : r.stores.length > 0 ? (
            <>
              <p className={styles.muted}>本企业是总部，下属门店 {r.stores.length} 家：</p>
              <ul className={styles.storeList}>
                {r.stores.map((s) => (
                  <li key={s.id}>
                    <Link to="/companies/$companyId" params={{ companyId: String(s.id) }}>
                      {s.name}（编号 {s.id}）
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className={styles.muted}>独立企业，既无所属总部也无下属门店。</p>
          )}
          {mayChange && !r.head && (
            <form className={styles.linkForm} onSubmit={submit} aria-label="设为门店">
              <Field label="设为以下总部的门店（总部企业编号）" error={error || undefined}>
                {(p) => (
                  <input
                    {...p}
                    name="head_id"
                    inputMode="numeric"
                    value={headId}
                    onChange={(e) => setHeadId(e.target.value)}
                  />
                )}
              </Field>
              <button type="submit" className={buttonClass('primary', { size: 'sm' })} disabled={busy}>
                设为门店
              </button>
            </form>
          )}
          {error && r.head && (
            <p role="alert" className={styles.formError}>
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
