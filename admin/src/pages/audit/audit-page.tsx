// 操作日志 (admin only): every operator action with its before and after, searched on the server
// by operator name, action and Shanghai days.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { auditQuery, parseAuditSearch, type AuditSearch } from '../../api/operators.ts';
import { meQuery } from '../../api/session.ts';
import { SimplePager } from '../../widgets/simple-pager.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { DataTable } from '@ui/data-table.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { AUDIT_ACTION_LABELS } from '@domain/admin.ts';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { Filter, FilterForm, useFilterDraft } from '../../widgets/filter-form.tsx';
import styles from './audit-page.module.css';

const TARGET_TEXT: Record<string, string> = { company: '企业', staff: '运营账号', order: '订单' };

const compact = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

export function AuditPage() {
  const search = parseAuditSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'operators') : false;
  const list = useQuery({ ...auditQuery(search), enabled: allowed });
  const go = (next: Partial<AuditSearch>) => void navigate({ to: '/audit', search: { ...search, page: 1, ...next } });
  const filters = useFilterDraft({ q: search.q, action: search.action, from: search.from, to: search.to }, (values) =>
    go(values),
  );

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有管理员可以查看操作日志。" />;

  return (
    <ConsolePage title="操作日志" titleId="audit-title">
      <FilterForm onApply={filters.apply} roomy controlWidth="auto">
        <Filter label="操作人/操作">
          <input {...filters.bind('q')} maxLength={50} />
        </Filter>
        <Filter label="操作类型">
          <select {...filters.bind('action')}>
            <option value="">全部</option>
            {Object.entries(AUDIT_ACTION_LABELS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </Filter>
        <Filter label="从">
          <input type="date" {...filters.bind('from')} />
        </Filter>
        <Filter label="到">
          <input type="date" {...filters.bind('to')} />
        </Filter>
        <button type="submit" className={buttonClass('primary', { size: 'sm' })}>
          查询
        </button>
      </FilterForm>
      {list.isError ? (
        <StateBlock kind="failed" text={list.error.message} />
      ) : !list.data ? (
        <StateBlock kind="loading" text="正在加载操作日志…" />
      ) : list.data.list.length === 0 ? (
        <StateBlock kind="empty" text="没有符合条件的操作记录" />
      ) : (
        <>
          <DataTable
            caption="操作日志"
            columns={['时间', '操作人', '操作', '对象', '修改前', '修改后', 'IP']}
            busy={list.isFetching}
          >
            {list.data.list.map((e) => (
              <tr key={e.id}>
                <td className={styles.nowrap}>{formatDateTime(e.created_at, 'seconds')}</td>
                <td>{e.staff_name}</td>
                <td>{AUDIT_ACTION_LABELS[e.action] ?? e.action}</td>
                <td className={styles.nowrap}>
                  {TARGET_TEXT[e.target_type] ?? e.target_type} {e.target_id ?? ''}
                </td>
                <td className={styles.json}>{compact(e.before)}</td>
                <td className={styles.json}>{compact(e.after)}</td>
                <td>{e.ip}</td>
              </tr>
            ))}
          </DataTable>
          <SimplePager
            page={search.page}
            size={list.data.size}
            total={list.data.total}
            onPage={(page) => go({ page })}
          />
        </>
      )}
    </ConsolePage>
  );
}
