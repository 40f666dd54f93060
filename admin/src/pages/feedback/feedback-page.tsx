// 意见反馈 / 投诉建议: buyers' feedback by status (待回复 first) and category. 回复 opens it with the
// company, contact and screenshots (served by the console's own route, to operators only).
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { afterBuyerService, feedbackKey, feedbackListQuery, parseFeedbackSearch, replyFeedback } from '../../api/buyer-service.ts';
import { meQuery } from '../../api/session.ts';
import type { ServerColumn } from '../../widgets/server-table.tsx';
import { WorkQueue } from '../../widgets/work-queue.tsx';
import { DetailList, PhotoStrip, ReplyDialog } from '../../widgets/reply-dialog.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_TEXT, type FeedbackCategory } from '@domain/feedback.ts';
import { FEEDBACK_STATUS_TEXT, type AdminFeedback, type FeedbackStatus } from '@domain/buyer-service.ts';
import styles from '../../widgets/work-queue-page.module.css';

const FIXED_SORT = { id: 'created_at', desc: false };
const TABS: (FeedbackStatus | undefined)[] = ['waiting', 'replied', undefined];
const secondsToMs = (s: number) => s * 1000;

export function FeedbackPage() {
  const search = parseFeedbackSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'feedback') : false;
  const list = useQuery({ ...feedbackListQuery(search), enabled: allowed });
  const [draft, setDraft] = useState({ q: search.q, category: search.category ?? '' });
  const [open, setOpen] = useState<AdminFeedback | null>(null);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能查看意见反馈。" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const category = FEEDBACK_CATEGORIES.find((c) => c === draft.category);
    void navigate({ to: '/feedback', search: { ...search, q: draft.q.trim(), category, page: 1 } });
  };

  const columns: ServerColumn<AdminFeedback>[] = [
    { id: 'id', accessorKey: 'id', header: '编号', enableSorting: false, enableHiding: false },
    { id: 'company', accessorKey: 'company_name', header: '企业', enableSorting: false },
    { id: 'category', accessorKey: 'category', header: '类型', enableSorting: false, cell: (info) => info.row.original.category_text },
    { id: 'content', accessorKey: 'content', header: '内容', enableSorting: false, cell: (info) => <span className={styles.muted}>{info.row.original.content.slice(0, 40)}</span> },
    { id: 'photos', accessorKey: 'photos', header: '截图', enableSorting: false, cell: (info) => (info.row.original.photos.length > 0 ? `${info.row.original.photos.length}张` : '—') },
    { id: 'status', accessorKey: 'status', header: '状态', enableSorting: false, cell: (info) => FEEDBACK_STATUS_TEXT[info.row.original.status] },
    { id: 'created_at', accessorKey: 'created_at', header: '提交时间', enableSorting: false, cell: (info) => formatDateTime(secondsToMs(info.row.original.created_at)) },
    {
      id: 'action',
      header: '操作',
      enableSorting: false,
      enableHiding: false,
      cell: (info) => (
        <button type="button" className={buttonClass(info.row.original.status === 'waiting' ? 'primary' : 'outline', { size: 'sm' })} onClick={() => setOpen(info.row.original)}>
          {info.row.original.status === 'waiting' ? '回复' : '查看'}
        </button>
      ),
    },
  ];

  return (
    <WorkQueue
      title="意见反馈"
      titleId="feedback-title"
      to="/feedback"
      tabsLabel="反馈状态"
      tabs={TABS.map((s) => ({
        key: s ?? 'all',
        label: s ? FEEDBACK_STATUS_TEXT[s] : '全部',
        search: { status: s, category: search.category, q: search.q, page: 1 },
        active: search.status === s,
      }))}
      filters={
        <form className={styles.filters} onSubmit={submit} role="search" aria-label="筛选反馈">
          <label className={styles.filter}>
            类型
            <select name="category" value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.target.value as FeedbackCategory | '' })}>
              <option value="">全部类型</option>
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {FEEDBACK_CATEGORY_TEXT[c]}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.filter}>
            内容或企业
            <input name="q" value={draft.q} maxLength={50} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
          </label>
          <button type="submit" className={buttonClass('primary')}>
            查询
          </button>
        </form>
      }
      list={list}
      onRetry={() => void list.refetch()}
      table={{ name: '反馈', columns, rowKey: (row) => String(row.id), sort: FIXED_SORT, empty: '没有符合条件的反馈' }}
      page={search.page}
      onPage={(page) => void navigate({ to: '/feedback', search: { ...search, page } })}
    >
      {open && (
        <ReplyDialog
          title={`反馈 ${open.id}：${open.category_text}`}
          initialReply={open.reply}
          detail={
            <>
              <DetailList
                rows={[
                  ['企业', open.company_id === null ? '' : `${open.company_name}（编号 ${open.company_id}）`],
                  ['类型', open.category_text],
                  ['内容', open.content],
                  ['联系方式', open.contact],
                  ['提交时间', formatDateTime(secondsToMs(open.created_at))],
                ]}
              />
              <PhotoStrip urls={open.photos} />
            </>
          }
          onSubmit={async (reply) => {
            try {
              await replyFeedback(open.id, reply);
            } finally {
              await afterBuyerService(queryClient, feedbackKey);
            }
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </WorkQueue>
  );
}
