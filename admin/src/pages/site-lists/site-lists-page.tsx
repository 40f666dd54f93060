// 站点内容 (运营): the shop's hot search words, top navigation, footer links and the pictures of
// each focus/ad slot. Rows are edited in place, moved up or down, removed or added, and the list
// is saved whole; the server checks every row (links: a site path or http(s); pictures: /media/).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { parseSiteListSearch, saveSiteList, siteListQuery, type SiteListSearch } from '../../api/site-lists.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { ImageUploadButton } from '../../widgets/image-upload-button.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import {
  FOCUS_SLOT_LABELS,
  FOCUS_SLOTS,
  SITE_LIST_KINDS,
  SITE_LIST_LABELS,
  type SiteListItem,
} from '@domain/admin-content.ts';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { KindTabs } from '../../widgets/kind-tabs.tsx';
import styles from './site-lists-page.module.css';

const NAME_LABEL = { hot_keywords: '搜索词', nav: '名称', links: '名称', focus: '标题' } as const;

function ListEditor({ search, initial }: { search: SiteListSearch; initial: SiteListItem[] }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<SiteListItem[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const { kind } = search;
  const set = (i: number, patch: Partial<SiteListItem>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: -1 | 1) =>
    setRows((rs) => {
      const next = [...rs];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });

  const save = async () => {
    setBusy(true);
    setErrors({});
    setNotice('');
    try {
      const saved = await saveSiteList(search, rows);
      queryClient.setQueryData(siteListQuery(search).queryKey, saved);
      setRows(saved);
      setNotice('已保存，商城下次加载即生效');
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(Object.keys(fields).length > 0 ? fields : { form: err.message });
      } else setErrors({ form: '保存失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };

  const rowError = (i: number) =>
    errors[`items.${i}.name`] ?? errors[`items.${i}.url`] ?? errors[`items.${i}.image`] ?? errors[`items.${i}.id`];

  return (
    <div className={styles.editor}>
      <ol className={styles.rows} aria-label={SITE_LIST_LABELS[kind]}>
        {rows.map((r, i) => (
          <li key={r.id ?? `new-${i}`} className={styles.row}>
            <span className={styles.pos}>{i + 1}</span>
            <input
              aria-label={`第${i + 1}条 ${NAME_LABEL[kind]}`}
              placeholder={NAME_LABEL[kind]}
              value={r.name}
              maxLength={40}
              onChange={(e) => set(i, { name: e.target.value })}
            />
            {kind !== 'hot_keywords' && (
              <input
                aria-label={`第${i + 1}条 链接`}
                placeholder="链接：/yx 或 https://…"
                value={r.url}
                onChange={(e) => set(i, { url: e.target.value })}
              />
            )}
            {kind === 'focus' && (
              <>
                <input
                  aria-label={`第${i + 1}条 图片`}
                  placeholder="图片：上传，或 /media/banner/…"
                  value={r.image}
                  onChange={(e) => set(i, { image: e.target.value })}
                />
                <ImageUploadButton label="上传" onUploaded={(url) => set(i, { image: url })} />
              </>
            )}
            <span className={styles.rowActions}>
              <button
                type="button"
                className={buttonClass('outline', { size: 'sm' })}
                aria-label={`第${i + 1}条 上移`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                上移
              </button>
              <button
                type="button"
                className={buttonClass('outline', { size: 'sm' })}
                aria-label={`第${i + 1}条 下移`}
                disabled={i === rows.length - 1}
                onClick={() => move(i, 1)}
              >
                下移
              </button>
              <button
                type="button"
                className={buttonClass('link', { size: 'sm' })}
                aria-label={`第${i + 1}条 删除`}
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              >
                删除
              </button>
            </span>
            {kind === 'focus' && /^\/(media|api\/content_images)\//.test(r.image) && (
              <img className={styles.thumb} src={r.image} alt="" />
            )}
            {rowError(i) && (
              <p role="alert" className={styles.error}>
                {rowError(i)}
              </p>
            )}
          </li>
        ))}
      </ol>
      {(errors.items || errors.form) && (
        <p role="alert" className={styles.error}>
          {errors.items ?? errors.form}
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('outline')}
          onClick={() => setRows((rs) => [...rs, { name: '', url: '', image: '' }])}
        >
          添加一条
        </button>
        <span className={styles.gap} />
        {notice && (
          <span role="status" className={styles.notice}>
            {notice}
          </span>
        )}
        <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => void save()}>
          保存{SITE_LIST_LABELS[kind]}
        </button>
      </div>
    </div>
  );
}

export function SiteListsPage() {
  const search = parseSiteListSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'content') : false;
  const list = useQuery({ ...siteListQuery(search), enabled: allowed });
  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有运营和管理员可以管理站点内容。" />;
  return (
    <ConsolePage className={styles.page} title="站点内容" titleId="site-lists-title">
      <KindTabs
        label="内容类型"
        to="/site-lists"
        kinds={SITE_LIST_KINDS}
        current={search.kind}
        labelOf={(k) => SITE_LIST_LABELS[k]}
        searchOf={(kind) => ({ kind, slot: search.slot })}
      />
      {search.kind === 'focus' && (
        <label className={styles.slot}>
          广告位
          <select
            value={search.slot}
            onChange={(e) => void navigate({ to: '/site-lists', search: { kind: 'focus', slot: e.target.value } })}
          >
            {FOCUS_SLOTS.map((s) => (
              <option key={s} value={s}>
                {FOCUS_SLOT_LABELS[s]}（{s}）
              </option>
            ))}
          </select>
        </label>
      )}
      {list.isError ? (
        <StateBlock kind="failed" text={list.error.message} />
      ) : list.data === undefined ? (
        <StateBlock kind="loading" text="正在加载…" />
      ) : (
        <ListEditor key={`${search.kind}-${search.slot}`} search={search} initial={list.data} />
      )}
    </ConsolePage>
  );
}
