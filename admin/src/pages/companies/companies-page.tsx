// 企业与资质: every buyer company, searched, filtered, sorted and paged by the server; the URL
// holds the view. A row opens the company (its review and settings).
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { companyListQuery } from '../../api/companies.ts';
import { meQuery } from '../../api/session.ts';
import { parseCompanySearch, type CompanySearch, type CompanySortField } from '../../api/company-search.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import type { ServerColumn } from '../../widgets/server-table.tsx';
import { ReviewStatusTag, REVIEW_STATUS_TEXT } from '../../widgets/review-status.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import type { CompanyReviewStatus, CompanyRow } from '@domain/admin.ts';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { Filter, FilterForm } from '../../widgets/filter-form.tsx';
import styles from './companies-page.module.css';

const KIND_TEXT: Record<string, string> = {
  pharmacy: '药店',
  chain: '连锁总部',
  clinic: '诊所',
  hospital: '医院',
  other: '其他',
};

const columns: ServerColumn<CompanyRow>[] = [
  { id: 'id', accessorKey: 'id', header: '编号', enableHiding: false },
  {
    id: 'name',
    accessorKey: 'name',
    header: '企业名称',
    enableHiding: false,
    cell: (info) => (
      <Link to="/companies/$companyId" params={{ companyId: String(info.row.original.id) }}>
        {info.row.original.name || '（未填写）'}
      </Link>
    ),
  },
  {
    id: 'kind',
    accessorKey: 'kind',
    header: '类型',
    enableSorting: false,
    cell: (info) => KIND_TEXT[info.row.original.kind] ?? info.row.original.kind,
  },
  {
    id: 'review_status',
    accessorKey: 'review_status',
    header: '审核状态',
    cell: (info) => (
      <span className={styles.status}>
        <ReviewStatusTag status={info.row.original.review_status} />
        {info.row.original.pending_files > 0 && info.row.original.review_status === 'approved' && (
          <span className={styles.renewal}>换证待审 {info.row.original.pending_files}</span>
        )}
      </span>
    ),
  },
  { id: 'rank', accessorKey: 'rank', header: '会员等级' },
  { id: 'contact', accessorKey: 'contact_name', header: '联系人', enableSorting: false },
  { id: 'phone', accessorKey: 'contact_phone', header: '联系电话', enableSorting: false },
  { id: 'city', accessorKey: 'city', header: '城市', enableSorting: false },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: '注册时间',
    cell: (info) => formatDateTime(info.row.original.created_at),
  },
];

export function CompaniesPage() {
  const search = parseCompanySearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'companiesRead') : false;
  const list = useQuery({ ...companyListQuery(search), enabled: allowed });
  const [q, setQ] = useState(search.q ?? '');

  const go = (next: Partial<CompanySearch>) =>
    void navigate({ to: '/companies', search: { ...search, page: 1, ...next }, resetScroll: false });
  const sort = useMemo(() => ({ id: search.sort, desc: search.order === 'desc' }), [search.sort, search.order]);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能查看企业资料。" />;

  return (
    <ConsolePage title="企业与资质" titleId="companies-title">
      <FilterForm onApply={() => go({ q: q.trim() || undefined })} roomy controlWidth={220}>
        <Filter label="搜索">
          <input
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="企业名称、联系人、电话、信用代码"
            maxLength={50}
            name="q"
          />
        </Filter>
        <Filter label="审核状态">
          <select
            value={search.status ?? ''}
            name="status"
            onChange={(e) =>
              go({ status: (e.target.value || undefined) as CompanyReviewStatus | undefined, renewal: undefined })
            }
          >
            <option value="">全部</option>
            {(Object.keys(REVIEW_STATUS_TEXT) as CompanyReviewStatus[]).map((s) => (
              <option key={s} value={s}>
                {REVIEW_STATUS_TEXT[s]}
              </option>
            ))}
          </select>
        </Filter>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={search.renewal === true}
            onChange={(e) => go({ renewal: e.target.checked || undefined, status: undefined })}
          />
          只看换证待审
        </label>
        <button type="submit" className={buttonClass('primary', { size: 'sm' })}>
          查询
        </button>
      </FilterForm>
      <PagedTable
        list={list}
        name="企业列表"
        columns={columns}
        rowKey={(row) => String(row.id)}
        sort={sort}
        onSortChange={(next) => go({ sort: next.id as CompanySortField, order: next.desc ? 'desc' : 'asc' })}
        empty="没有符合条件的企业"
        page={search.page}
        onPage={(page) => go({ page })}
      />
    </ConsolePage>
  );
}
