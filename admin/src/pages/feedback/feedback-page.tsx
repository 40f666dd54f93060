// 意见反馈 / 投诉建议: buyers' feedback by status (待回复 first) and category. 回复 opens it with the
// company, contact and screenshots (served by the console's own route, to operators only).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  afterBuyerService,
  feedbackKey,
  feedbackListQuery,
  parseFeedbackSearch,
  replyFeedback,
} from '../../api/buyer-service.ts';
import { meQuery } from '../../api/session.ts';
import { serviceColumns } from '../../widgets/service-columns.tsx';
import { Filter, FilterForm } from '../../widgets/filter-form.tsx';
import { statusTabs, WorkQueue } from '../../widgets/work-queue.tsx';
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

  const apply = () => {
    const category = FEEDBACK_CATEGORIES.find((c) => c === draft.category);
    void navigate({ to: '/feedback', search: { ...search, q: draft.q.trim(), category, page: 1 } });
  };

  const columns = serviceColumns<AdminFeedback>({
    own: [
      {
        id: 'category',
        accessorKey: 'category',
        header: '类型',
        enableSorting: false,
        cell: (info) => info.row.original.category_text,
      },
      {
        id: 'content',
        accessorKey: 'content',
        header: '内容',
        enableSorting: false,
        cell: (info) => <span className={styles.muted}>{info.row.original.content.slice(0, 40)}</span>,
      },
      {
        id: 'photos',
        accessorKey: 'photos',
        header: '截图',
        enableSorting: false,
        cell: (info) => (info.row.original.photos.length > 0 ? `${info.row.original.photos.length}张` : '—'),
      },
    ],
    statusText: (row) => FEEDBACK_STATUS_TEXT[row.status],
    waiting: (row) => row.status === 'waiting',
    onOpen: setOpen,
  });

  return (
    <WorkQueue
      title="意见反馈"
      to="/feedback"
      tabsLabel="反馈状态"
      tabs={statusTabs(TABS, FEEDBACK_STATUS_TEXT, search.status, (status) => ({
        status,
        category: search.category,
        q: search.q,
        page: 1,
      }))}
      filters={
        <FilterForm label="筛选反馈" onApply={apply}>
          <Filter label="类型">
            <select
              name="category"
              value={draft.category}
              onChange={(e) => setDraft({ ...draft, category: e.target.value as FeedbackCategory | '' })}
            >
              <option value="">全部类型</option>
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {FEEDBACK_CATEGORY_TEXT[c]}
                </option>
              ))}
            </select>
          </Filter>
          <Filter label="内容或企业">
            <input
              name="q"
              value={draft.q}
              maxLength={50}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </Filter>
          <button type="submit" className={buttonClass('primary')}>
            查询
          </button>
        </FilterForm>
      }
      list={list}
      onRetry={() => void list.refetch()}
      table={{ name: '反馈', columns, rowKey: (row) => String(row.id), sort: FIXED_SORT, empty: '没有符合条件的反馈' }}
      search={search}
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
