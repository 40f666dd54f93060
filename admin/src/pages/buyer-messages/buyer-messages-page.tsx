// 消息推送: an operator writes a message to named companies (by 企业编号) or a 公告 to every approved
// company; it lands in the buyers' 我的消息. Sending to all asks first. Below, what was sent.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  afterBuyerService,
  buyerMessagesKey,
  sendBuyerMessage,
  sentBuyerMessagesQuery,
  type BuyerMessageDraft,
} from '../../api/buyer-service.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import type { ServerColumn } from '../../widgets/server-table.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { Field } from '@ui/field.tsx';
import { Dialog, DialogActions, DialogClose } from '@ui/dialog.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import {
  BUYER_MESSAGE_BODY_MAX,
  BUYER_MESSAGE_COMPANIES_MAX,
  BUYER_MESSAGE_LINK_MAX,
  BUYER_MESSAGE_TITLE_MAX,
  type BuyerMessageTarget,
  type SentBuyerMessage,
} from '@domain/buyer-service.ts';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import styles from './buyer-messages-page.module.css';

type Errors = Partial<Record<'company_ids' | 'title' | 'body' | 'link' | 'form', string>>;

/** '12, 15 18' → [12, 15, 18]; null when something is not an id. */
export function parseCompanyIds(text: string): number[] | null {
  const parts = text.split(/[\s,，、]+/).filter((p) => p !== '');
  if (!parts.every((p) => /^\d{1,9}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

const FIXED_SORT = { id: 'created_at', desc: true };

export function BuyerMessagesPage() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const page = Number.isInteger(Number(raw.page)) && Number(raw.page) >= 1 ? Number(raw.page) : 1;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'buyerMessages') : false;
  const sent = useQuery({ ...sentBuyerMessagesQuery(page), enabled: allowed });
  const [target, setTarget] = useState<BuyerMessageTarget>('companies');
  const [form, setForm] = useState({ company_ids: '', title: '', body: '', link: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能推送消息。" />;

  const draft = (): BuyerMessageDraft | null => {
    const local: Errors = {};
    const ids = target === 'companies' ? parseCompanyIds(form.company_ids) : [];
    if (ids === null) local.company_ids = '企业编号只能是数字，用逗号或空格分隔';
    else if (target === 'companies' && ids.length === 0) local.company_ids = '请填写接收企业的编号';
    if (form.title.trim() === '') local.title = '请填写标题';
    if (form.body.trim() === '') local.body = '请填写内容';
    setErrors(local);
    if (Object.keys(local).length > 0 || ids === null) return null;
    return { target, company_ids: ids, title: form.title.trim(), body: form.body.trim(), link: form.link.trim() };
  };

  const send = async (d: BuyerMessageDraft) => {
    setBusy(true);
    setDone('');
    try {
      const { recipients } = await sendBuyerMessage(d);
      setDone(`已发送给${recipients}家企业`);
      setForm({ company_ids: '', title: '', body: '', link: '' });
      await afterBuyerService(queryClient, buyerMessagesKey);
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const f = err.fieldErrors;
        const fields: Errors = {
          company_ids: f.company_ids?.[0],
          title: f.title?.[0],
          body: f.body?.[0],
          link: f.link?.[0],
        };
        setErrors(Object.values(fields).some(Boolean) ? fields : { form: err.message });
      } else setErrors({ form: '发送失败，请稍后重试' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const d = draft();
    if (!d) return;
    // A 公告 reaches every approved company and cannot be taken back: ask first.
    if (d.target === 'all') setConfirming(true);
    else void send(d);
  };

  const columns: ServerColumn<SentBuyerMessage>[] = [
    {
      id: 'created_at',
      accessorKey: 'created_at',
      header: '发送时间',
      enableSorting: false,
      cell: (info) => formatDateTime(info.row.original.created_at),
    },
    { id: 'title', accessorKey: 'title', header: '标题', enableSorting: false },
    {
      id: 'target',
      accessorKey: 'target',
      header: '接收范围',
      enableSorting: false,
      cell: (info) =>
        info.row.original.target === 'all'
          ? '全部已审核企业（公告）'
          : `企业 ${info.row.original.company_ids.join('、')}`,
    },
    { id: 'recipients', accessorKey: 'recipients', header: '送达企业数', enableSorting: false },
    { id: 'staff', accessorKey: 'staff_name', header: '发送人', enableSorting: false },
  ];

  return (
    <ConsolePage title="消息推送" titleId="buyer-messages-title">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="发送消息">
        <fieldset className={styles.targets}>
          <legend>接收范围</legend>
          <label>
            <input
              type="radio"
              name="target"
              value="companies"
              checked={target === 'companies'}
              onChange={() => setTarget('companies')}
            />{' '}
            指定企业
          </label>
          <label>
            <input
              type="radio"
              name="target"
              value="all"
              checked={target === 'all'}
              onChange={() => setTarget('all')}
            />{' '}
            全部已审核企业（公告）
          </label>
        </fieldset>
        {target === 'companies' && (
          <Field
            label={`企业编号（逗号分隔，最多${BUYER_MESSAGE_COMPANIES_MAX}家）`}
            required
            error={errors.company_ids}
          >
            {(p) => (
              <input
                {...p}
                type="text"
                name="company_ids"
                value={form.company_ids}
                onChange={(e) => setForm({ ...form, company_ids: e.target.value })}
              />
            )}
          </Field>
        )}
        <Field label="标题" required error={errors.title}>
          {(p) => (
            <input
              {...p}
              type="text"
              name="title"
              maxLength={BUYER_MESSAGE_TITLE_MAX}
              value={form.title}
              onChange={(e) => setForm({ ...form, title: e.target.value })}
            />
          )}
        </Field>
        <Field label="内容" required error={errors.body}>
          {(p) => (
            <textarea
              {...p}
              name="body"
              rows={4}
              maxLength={BUYER_MESSAGE_BODY_MAX}
              value={form.body}
              onChange={(e) => setForm({ ...form, body: e.target.value })}
            />
          )}
        </Field>
        <Field label="链接（可选，本站路径）" hint="买家点击消息打开的页面，如 /yhq" error={errors.link}>
          {(p) => (
            <input
              {...p}
              type="text"
              name="link"
              maxLength={BUYER_MESSAGE_LINK_MAX}
              value={form.link}
              onChange={(e) => setForm({ ...form, link: e.target.value })}
            />
          )}
        </Field>
        <AlertLine message={errors.form} />
        {done && (
          <p role="status" className={styles.done}>
            {done}
          </p>
        )}
        <div>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            发送
          </button>
        </div>
      </form>
      {confirming && (
        <Dialog open onOpenChange={(o) => !o && setConfirming(false)} title="发送公告" closeLabel="关闭">
          <p>「{form.title.trim()}」将发送给全部已审核企业，发送后不能撤回。确定发送吗？</p>
          <DialogActions>
            <DialogClose className={buttonClass('outline')}>取消</DialogClose>
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy}
              onClick={() => {
                const d = draft();
                if (d) void send(d);
              }}
            >
              确定发送
            </button>
          </DialogActions>
        </Dialog>
      )}
      <h2 className={styles.subtitle}>已发送</h2>
      <PagedTable
        list={sent}
        name="已发送消息"
        columns={columns}
        rowKey={(r) => String(r.id)}
        sort={FIXED_SORT}
        empty="还没有发送过消息"
        page={page}
        onPage={(p) => void navigate({ to: '/buyer-messages', search: { page: p } })}
      />
    </ConsolePage>
  );
}
