// 批次与药检报告: a goods' batches (批号, 生产日期, 有效期至) and the inspection reports under each;
// an operator adds a batch and uploads a report file (PDF, JPG or PNG, checked by the server by
// its bytes). The buyer's 药检报告 page finds them by goods name, 批准文号 or batch number.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addBatch, addReport, afterGoodsChange } from '../../api/goods.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { buttonClass } from '@ui/button.ts';
import type { ConsoleBatch, ConsoleGoods } from '@domain/admin-goods.ts';
import styles from './goods-editor-page.module.css';

const messageOf = (e: unknown) =>
  e instanceof ConsoleApiError ? (Object.values(e.fieldErrors)[0]?.[0] ?? e.message) : '提交失败，请重试';

function ReportUpload({ goodsId, batch }: { goodsId: number; batch: ConsoleBatch }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (form: FormData) => addReport(goodsId, batch.id, form),
    onSuccess: async () => {
      setError(null);
      await afterGoodsChange(queryClient);
    },
    onError: (e) => setError(messageOf(e)),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    upload.mutate(new FormData(form), { onSuccess: () => form.reset() });
  };
  return (
    <form className={styles.inline} onSubmit={submit} aria-label={`上传批次${batch.batch_no}的检验报告`}>
      <input name="title" placeholder="报告名称，如 出厂检验报告" required maxLength={60} />
      <input name="report_no" placeholder="报告编号" maxLength={60} />
      <input name="issuer" placeholder="检验机构" maxLength={60} />
      <input name="issued_on" type="date" aria-label="检验日期" />
      <input name="file" type="file" accept="application/pdf,image/jpeg,image/png" required aria-label="报告文件" />
      <button type="submit" className={buttonClass('outline', { size: 'sm' })} disabled={upload.isPending}>
        上传报告
      </button>
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </form>
  );
}

export function BatchesSection({ goods }: { goods: ConsoleGoods }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ batch_no: '', produced_on: '', expires_on: '' });
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addBatch(goods.id, draft),
    onSuccess: async () => {
      setError(null);
      setDraft({ batch_no: '', produced_on: '', expires_on: '' });
      await afterGoodsChange(queryClient);
    },
    onError: (e) => setError(messageOf(e)),
  });
  return (
    <section className={styles.group} aria-labelledby="batches-title">
      <h2 id="batches-title" className={styles.subtitle}>
        批次与药检报告
      </h2>
      {goods.batches.length === 0 && <p className={styles.muted}>还没有批次。</p>}
      {goods.batches.map((b) => (
        <div key={b.id} className={styles.batch}>
          <p>
            <strong>批号 {b.batch_no}</strong>
            <span className={styles.muted}>
              {' '}
              生产日期 {b.produced_on ?? '—'} · 有效期至 {b.expires_on ?? '—'}
            </span>
          </p>
          <ul className={styles.reports}>
            {b.reports.map((r) => (
              <li key={r.id}>
                {r.title}
                {r.report_no && `（${r.report_no}）`} · {r.file_name} · {Math.ceil(r.size / 1024)} KB
              </li>
            ))}
            {b.reports.length === 0 && <li className={styles.muted}>暂无检验报告</li>}
          </ul>
          <ReportUpload goodsId={goods.id} batch={b} />
        </div>
      ))}
      <form
        className={styles.inline}
        aria-label="添加批次"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <input
          placeholder="批号"
          value={draft.batch_no}
          maxLength={40}
          onChange={(e) => setDraft({ ...draft, batch_no: e.target.value })}
          aria-label="批号"
        />
        <label>
          生产日期{' '}
          <input
            type="date"
            value={draft.produced_on}
            onChange={(e) => setDraft({ ...draft, produced_on: e.target.value })}
          />
        </label>
        <label>
          有效期至{' '}
          <input
            type="date"
            value={draft.expires_on}
            onChange={(e) => setDraft({ ...draft, expires_on: e.target.value })}
          />
        </label>
        <button type="submit" className={buttonClass('outline', { size: 'sm' })} disabled={add.isPending}>
          添加批次
        </button>
        {error && (
          <span role="alert" className={styles.error}>
            {error}
          </span>
        )}
      </form>
    </section>
  );
}
