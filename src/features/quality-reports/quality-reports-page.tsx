// /jybg 药检报告 (SPEC §6 quality_inspection): find the inspection reports of a goods' batch by goods
// name, 批准文号 or batch number, and open the report files. A member without the service (no
// quality-inspection link in its user record) sees the configured message instead. With no
// connection the reports of batches received in the last 12 months, kept on the device, answer.
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { inspectionReportsQuery } from '../../api/quality-reports';
import { papersQuery } from '../../api/papers';
import { useOnline } from '../../local';
import { PAPERS_KEPT_MONTHS } from '../../domain/papers';
import { userBaseQuery } from '../../api/user';
import type { InspectionBatch } from '../../domain/quality-reports';
import { REPORT_PAGE_SIZE } from '../../domain/quality-reports';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { StateBlock } from '../../ui/state-block';
import { DataTable } from '../../ui/data-table';
import { Pager } from '../../ui/pager/pager';
import { buttonClass } from '../../ui/button';
import { useRouteSearch } from '../../widgets/route-search';
import { qualityReportsHref, qualityReportsSearch } from './quality-reports-search';
import styles from './quality-reports.module.css';

const COLUMNS = ['商品', '批准文号', '批号', '生产日期 / 有效期至', '药检报告'] as const;

function BatchRow({ b }: { b: InspectionBatch }) {
  return (
    <tr>
      <td>
        <span className={styles.name}>{b.goods_name}</span>
        <span className={styles.muted}>
          {b.ypgg} · {b.sccj}
        </span>
      </td>
      <td>{b.approval_no || '—'}</td>
      <td className={styles.mono}>{b.batch_no}</td>
      <td>
        {b.produced_on ?? '—'} / {b.expires_on ?? '—'}
      </td>
      <td>
        {b.reports.length === 0 ? (
          <span className={styles.muted}>该批号暂无报告</span>
        ) : (
          <ul className={styles.reports}>
            {b.reports.map((r) => (
              <li key={r.id}>
                <a className={styles.link} href={r.file_url} target="_blank" rel="noopener noreferrer">
                  {r.title}
                </a>
                <span className={styles.muted}>
                  {r.issuer}
                  {r.report_no && ` · ${r.report_no}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/** What matches `keywords` among the kept batches, as the server's search would (name, 批准文号, 批号). */
function keptMatches(batches: readonly InspectionBatch[], keywords: string): InspectionBatch[] {
  const k = keywords.trim().toLowerCase();
  if (k === '') return [...batches];
  return batches.filter((b) => [b.goods_name, b.approval_no, b.batch_no].some((v) => v.toLowerCase().includes(k)));
}

/**
 * With no connection: the reports of the batches this company received in the last 12 months,
 * kept on the device (GET /api/user/papers and each file, answered by the worker's papers cache).
 */
function KeptReports({ keywords }: { keywords: string }) {
  const papers = useQuery({ ...papersQuery(), meta: { silentErrors: true } });
  if (papers.data === undefined) {
    return papers.isPending ? (
      <StateBlock kind="loading" text="正在读取本机保存的药检报告…" />
    ) : (
      <StateBlock kind="failed" text="当前无法连接服务器，本机没有保存药检报告" />
    );
  }
  const list = keptMatches(papers.data.batches, keywords);
  return (
    <>
      <p className={styles.muted} role="status">
        离线：本机保存的近{PAPERS_KEPT_MONTHS}个月收货批次的药检报告，共 {list.length} 个批次
      </p>
      {list.length === 0 ? (
        <StateBlock kind="empty" text={keywords ? `本机没有保存“${keywords}”的药检报告` : '本机没有保存药检报告'} />
      ) : (
        <DataTable caption="本机保存的药检报告" columns={COLUMNS}>
          {list.map((b) => (
            <BatchRow key={b.batch_id} b={b} />
          ))}
        </DataTable>
      )}
    </>
  );
}

function Results({ keywords, page }: { keywords: string; page: number }) {
  const online = useOnline();
  const query = useQuery({ ...inspectionReportsQuery(keywords, page), placeholderData: keepPreviousData });
  // Offline the search cannot run; the reports kept on the device answer instead.
  if (!online && query.data === undefined) return <KeptReports keywords={keywords} />;
  if (keywords === '') return <StateBlock kind="empty" text="输入商品名称、批准文号或批号，查询对应批次的药检报告" />;
  if (query.data === undefined && query.isPending) return <StateBlock kind="loading" text="正在查询药检报告…" />;
  if (query.data === undefined) {
    return (
      <StateBlock
        kind="failed"
        text="药检报告查询失败"
        action={
          <button type="button" className={buttonClass('secondary')} onClick={() => void query.refetch()}>
            重新查询
          </button>
        }
      />
    );
  }
  const data = query.data;
  if (data.list.length === 0) return <StateBlock kind="empty" text={`没有找到“${keywords}”的药检报告`} />;
  const totalPages = Math.max(1, Math.ceil(data.total / (data.page_size || REPORT_PAGE_SIZE)));
  return (
    <>
      <p className={styles.muted} role="status">
        共找到 {data.total} 个批次
      </p>
      <DataTable caption="药检报告查询结果" columns={COLUMNS} busy={query.isFetching}>
        {data.list.map((b) => (
          <BatchRow key={b.batch_id} b={b} />
        ))}
      </DataTable>
      <Pager page={page} totalPages={totalPages} hrefFor={(p) => qualityReportsHref({ keywords, page: p })} />
    </>
  );
}

export default function QualityReportsPage() {
  const search = useRouteSearch(qualityReportsSearch);
  const router = useRouter();
  const user = useQuery(userBaseQuery());
  const [text, setText] = useState(search.keywords);
  const online = useOnline();
  const qi = user.data?.quality_inspection;
  // Offline the user record may not come; the kept reports are there only if the service is on.
  const searchable = qi === undefined ? !online : qi.quality_inspection_url !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void router.navigate({ href: qualityReportsHref({ keywords: text.trim(), page: 1 }) });
  };

  return (
    <PageFrame aria-labelledby="jybg-title">
      <PageHeader titleId="jybg-title" title="药检报告" className={styles.header} />
      {qi === undefined && !searchable ? (
        <StateBlock kind="loading" text="正在加载…" />
      ) : !searchable ? (
        <StateBlock kind="empty" title="暂未开通药检报告查询" text={qi?.msg ?? ''} />
      ) : (
        <>
          <form className={styles.search} role="search" onSubmit={submit}>
            <label htmlFor="jybg-keywords" className={styles.label}>
              商品名称 / 批准文号 / 批号
            </label>
            <input
              id="jybg-keywords"
              className={styles.input}
              value={text}
              maxLength={50}
              placeholder="如：阿莫西林、国药准字H…、批号"
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className={buttonClass('primary')}>
              查询
            </button>
          </form>
          <Results keywords={search.keywords} page={search.page} />
        </>
      )}
    </PageFrame>
  );
}
