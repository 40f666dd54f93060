// 文章编辑: title, category (a leaf of the tree), summary, sort weight, published, and the body in
// the rich-text editor (loaded on demand). The server sanitises the body and checks everything;
// its field messages show next to their fields, and the saved (sanitised) article comes back.
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ConsoleApiError } from '../../api/client.ts';
import { Field } from '@ui/field.tsx';
import { buttonClass } from '@ui/button.ts';
import {
  ARTICLE_SORT_MAX,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  type ArticleDraft,
  type ConsoleArticle,
  type ConsoleArticleCategory,
} from '@domain/admin-content.ts';
import { AlertLine } from '../../widgets/alert-line.tsx';
import styles from './article-page.module.css';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

export interface ArticleFormProps {
  article: ConsoleArticle | null;
  categories: ConsoleArticleCategory[];
  /** Sends the draft (create or save); resolves with the stored article. */
  onSubmit: (draft: ArticleDraft) => Promise<ConsoleArticle>;
  onSaved: (saved: ConsoleArticle) => void;
}

export function ArticleForm({ article, categories, onSubmit, onSaved }: ArticleFormProps) {
  const [title, setTitle] = useState(article?.title ?? '');
  const [categoryId, setCategoryId] = useState(article ? String(article.category_id) : '');
  const [summary, setSummary] = useState(article?.summary ?? '');
  const [sort, setSort] = useState(String(article?.sort ?? 0));
  const [published, setPublished] = useState(article?.is_published ?? true);
  const [body, setBody] = useState(article?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (title.trim() === '') local.title = '请填写标题';
    if (categoryId === '') local.category_id = '请选择文章分类';
    if (!/^\d{1,4}$/.test(sort.trim())) local.sort = `排序须为0-${ARTICLE_SORT_MAX}的整数`;
    if (body.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(body)) local.body = '请填写正文';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const saved = await onSubmit({
        category_id: Number(categoryId),
        title: title.trim(),
        summary: summary.trim(),
        body,
        sort: Number(sort),
        is_published: published,
      });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ConsoleApiError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        setErrors(Object.keys(fields).length > 0 ? fields : { form: err.message });
      } else setErrors({ form: '保存失败，请稍后重试' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <Field label="标题" required error={errors.title}>
        {(p) => (
          <input
            {...p}
            name="title"
            value={title}
            maxLength={ARTICLE_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      <div className={styles.row}>
        <Field label="分类" required error={errors.category_id}>
          {(p) => (
            <select {...p} name="category_id" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">请选择</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.path}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="排序" hint="数字越大越靠前，相同时新发布的在前" error={errors.sort}>
          {(p) => (
            <input {...p} name="sort" inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} />
          )}
        </Field>
      </div>
      <Field label="摘要" error={errors.summary}>
        {(p) => (
          <textarea
            {...p}
            name="summary"
            rows={2}
            value={summary}
            maxLength={ARTICLE_SUMMARY_MAX}
            onChange={(e) => setSummary(e.target.value)}
          />
        )}
      </Field>
      <div className={styles.bodyField}>
        <span className={styles.bodyLabel} id="article-body-label">
          正文
        </span>
        <Suspense fallback={<p className={styles.loading}>正在加载编辑器…</p>}>
          <RichTextEditor value={body} onChange={setBody} label="正文" invalid={Boolean(errors.body)} />
        </Suspense>
        <p className={styles.hint}>
          保存时服务器会清除脚本、事件属性和不安全的链接；图片请用“插入图片”上传（不能引用其他网站的图片）。
        </p>
        <AlertLine message={errors.body} />
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="is_published"
          checked={published}
          onChange={(e) => setPublished(e.target.checked)}
        />
        发布（取消勾选则保存为下线状态，商城不显示）
      </label>
      <AlertLine message={errors.form} />
      <div className={styles.actions}>
        <button type="submit" className={buttonClass('primary')} disabled={busy}>
          {busy ? '正在保存…' : '保存文章'}
        </button>
      </div>
    </form>
  );
}
