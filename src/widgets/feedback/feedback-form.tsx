// The feedback form (意见反馈 on /yjfk, 投诉建议 in the help centre): category, text, up to six
// screenshots, a contact. Checked with the server's rules (src/domain/feedback.ts) before sending.
// Text-only feedback goes through the outbox (kept offline, sent once); with screenshots it needs a
// connection (src/api/feedback.ts). Visitors are asked to sign in first.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useSendFeedback } from '../../api/feedback';
import { newIdempotencyKey } from '../../http/idempotency-key';
import { checkFields, type FieldErrors } from '../../domain/field-errors';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_TEXT,
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_PHOTOS_MAX,
  feedbackInput,
  type FeedbackCategory,
} from '../../domain/feedback';
import { loginHref } from '../../domain/safe-href';
import { buttonClass } from '../../ui/button';
import { Field } from '../../ui/field';
import { SpaLink } from '../../ui/spa-link';
import { useOnline } from '../../local';
import { useViewer } from '../goods/use-viewer';
import { addPhotos, FEEDBACK_PHOTO_TYPES } from './feedback-rules';
import styles from './feedback-form.module.css';

export const PHOTOS_NEED_NETWORK = '当前无网络，带截图的反馈需联网后提交；去掉截图可先保存在本机';

interface Draft {
  category: FeedbackCategory | '';
  content: string;
  contact: string;
}

const EMPTY: Draft = { category: '', content: '', contact: '' };

export function FeedbackForm({
  defaultCategory = '',
  onSent,
}: {
  defaultCategory?: FeedbackCategory | '';
  onSent?: () => void;
}) {
  const viewer = useViewer();
  const here = useRouterState({ select: (s) => s.location.href });
  if (viewer === 'visitor') {
    return (
      <div className={styles.signIn}>
        <p>登录后即可提交意见反馈，并查看我们的回复。</p>
        <SpaLink href={loginHref(here)} className={buttonClass('primary', { size: 'sm' })}>
          登录
        </SpaLink>
      </div>
    );
  }
  return <FeedbackFields defaultCategory={defaultCategory} onSent={onSent} />;
}

function FeedbackFields({ defaultCategory, onSent }: { defaultCategory: FeedbackCategory | ''; onSent?: () => void }) {
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, category: defaultCategory });
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const online = useOnline();
  const send = useSendFeedback();
  const previews = usePreviews(photos);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const check = checkFields(feedbackInput, draft);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    if (photos.length > 0 && !online) {
      setPhotoErrors([PHOTOS_NEED_NETWORK]);
      return;
    }
    setErrors({});
    send.mutate(
      { input: check.value, photos, idempotencyKey },
      {
        onSuccess: () => {
          setDraft({ ...EMPTY, category: defaultCategory });
          setPhotos([]);
          setPhotoErrors([]);
          setIdempotencyKey(newIdempotencyKey());
          onSent?.();
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="意见反馈">
      <Field label="反馈类型" required error={errors.category}>
        {(control) => (
          <select
            {...control}
            name="category"
            value={draft.category}
            onChange={(e) => set({ category: e.target.value as FeedbackCategory | '' })}
          >
            <option value="">请选择</option>
            {FEEDBACK_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {FEEDBACK_CATEGORY_TEXT[c]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="联系方式" error={errors.contact} hint="选填：手机号、固定电话或邮箱，方便我们联系您">
        {(control) => (
          <input
            {...control}
            name="contact"
            type="text"
            value={draft.contact}
            maxLength={FEEDBACK_CONTACT_MAX}
            onChange={(e) => set({ contact: e.target.value })}
          />
        )}
      </Field>
      <Field
        label="反馈内容"
        required
        error={errors.content}
        hint={`${draft.content.length}/${FEEDBACK_CONTENT_MAX}`}
        className={styles.wide}
        controlClassName={styles.textarea}
      >
        {(control) => (
          <textarea
            {...control}
            name="content"
            value={draft.content}
            maxLength={FEEDBACK_CONTENT_MAX}
            placeholder="请详细描述您遇到的问题或建议"
            onChange={(e) => set({ content: e.target.value })}
          />
        )}
      </Field>
      <div className={`${styles.files} ${styles.wide}`}>
        <label className={styles.fileLabel} htmlFor="feedback-photos">
          上传截图（选填，最多{FEEDBACK_PHOTOS_MAX}张，单张不超过5MB）
        </label>
        <input
          id="feedback-photos"
          type="file"
          accept={FEEDBACK_PHOTO_TYPES.join(',')}
          multiple
          disabled={photos.length >= FEEDBACK_PHOTOS_MAX}
          onChange={(e) => {
            const r = addPhotos(photos, [...(e.target.files ?? [])]);
            setPhotos(r.photos);
            setPhotoErrors(r.refused);
            // The same file may be picked again after removing it.
            e.target.value = '';
          }}
        />
        {photoErrors.length > 0 && (
          <ul className={styles.error} role="alert">
            {photoErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        {photos.length > 0 && (
          <ul className={styles.previews} aria-label="已选截图">
            {photos.map((file, i) => (
              <li key={`${file.name}-${i}`} className={styles.preview}>
                {previews[i] ? <img src={previews[i]} alt={`截图${i + 1}`} /> : <span>{file.name}</span>}
                <button
                  type="button"
                  className={buttonClass('link')}
                  aria-label={`移除截图${i + 1}`}
                  onClick={() => setPhotos((p) => p.filter((_, j) => j !== i))}
                >
                  移除
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.actions}>
        <button
          type="submit"
          className={buttonClass('primary')}
          disabled={send.isPending}
          aria-busy={send.isPending || undefined}
        >
          {send.isPending ? '提交中…' : '提交反馈'}
        </button>
        <span className={styles.note}>我们会在1个工作日内回复您</span>
      </div>
    </form>
  );
}

/** Object URLs for the picked files, revoked when they change or the form goes away. */
function usePreviews(files: readonly File[]): (string | undefined)[] {
  const urls = useMemo(
    () => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : undefined)),
    [files],
  );
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);
  return urls;
}
