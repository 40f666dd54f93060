// 申请售后: kind, reason, the lines and how many of each (never more than is left after earlier
// applications), a description and up to 6 photos, checked here before anything is uploaded and
// shrunk when large (compress-photo.ts), then sent as one multipart request with an Idempotency-Key.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useCreateAfterSale } from '../../api/orders';
import { newIdempotencyKey } from '../../http/idempotency-key';
import type { AfterSale, AfterSaleKind, OrderDetail, OrderLine } from '../../domain/orders';
import { toast } from '../../ui/toast';
import {
  addPhotos,
  AFTER_SALE_DESCRIPTION_MAX_CHARS,
  AFTER_SALE_MAX_PHOTOS,
  AFTER_SALE_PHOTO_TYPES,
  checkAfterSale,
  remainingOf,
  type AfterSaleErrors,
} from './after-sale-rules';
import { AFTER_SALE_KIND_TEXT, AFTER_SALE_KINDS, AFTER_SALE_REASONS } from './after-sale-text';
import { compressPhotos } from './compress-photo';
import styles from './dialog.module.css';
import { buttonClass } from '../../ui/button';
import { Dialog, DialogActions } from '../../ui/dialog';

export const AFTER_SALE_SUBMITTED_TOAST = '售后申请已提交，请等待审核';
const NO_ERRORS: AfterSaleErrors = { line: {} };

function usePreviews(photos: readonly File[]): (string | null)[] {
  const [urls, setUrls] = useState<(string | null)[]>([]);
  useEffect(() => {
    // jsdom and very old browsers lack object URLs: the file name stands in for the preview.
    const canPreview = typeof URL.createObjectURL === 'function';
    const next = photos.map((f) => (canPreview ? URL.createObjectURL(f) : null));
    setUrls(next);
    return () => {
      for (const u of next) if (u) URL.revokeObjectURL(u);
    };
  }, [photos]);
  return urls;
}

function LineQuantity({
  line,
  value,
  error,
  onChange,
}: {
  line: OrderLine;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const remaining = remainingOf(line);
  const errorId = useId();
  const n = /^\d+$/.test(value) ? Number(value) : 0;
  return (
    <li className={styles.line}>
      <div className={styles.lineInfo}>
        <span className={styles.lineName}>{line.name}</span>
        <span className={styles.muted}>
          {line.ypgg} · 批号 {line.batch_no || '—'} · 已购 {line.number}
          {line.bzdw}
          {remaining < line.number && `，已申请 ${line.returned_number}${line.bzdw}`}
        </span>
      </div>
      {remaining === 0 ? (
        <span className={styles.muted}>已全部申请售后</span>
      ) : (
        <span className={styles.qty}>
          <button
            type="button"
            aria-label={`减少 ${line.name} 数量`}
            disabled={n <= 0}
            onClick={() => onChange(String(Math.max(0, n - 1)))}
          >
            −
          </button>
          <input
            type="text"
            inputMode="numeric"
            aria-label={`${line.name} 申请数量`}
            value={value}
            placeholder="0"
            onChange={(e) => onChange(e.target.value.replace(/\s+/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button
            type="button"
            aria-label={`增加 ${line.name} 数量`}
            disabled={n >= remaining}
            onClick={() => onChange(String(Math.min(remaining, n + 1)))}
          >
            +
          </button>
          <span className={styles.muted}>
            可申请 {remaining}
            {line.bzdw}
          </span>
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </li>
  );
}

export interface AfterSaleDialogProps {
  order: Pick<OrderDetail, 'id' | 'order_no' | 'lines'>;
  open: boolean;
  onClose: () => void;
  onSubmitted: (afterSale: AfterSale) => void;
}

export function AfterSaleDialog({ order, open, onClose, onSubmitted }: AfterSaleDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="申请售后"
      describedBy="after-sale-order"
      widthPx={720}
    >
      <p id="after-sale-order" className={styles.muted}>
        订单编号：{order.order_no}
      </p>
      {open && <AfterSaleForm order={order} onCancel={onClose} onSubmitted={onSubmitted} />}
    </Dialog>
  );
}

function AfterSaleForm({
  order,
  onCancel,
  onSubmitted,
}: {
  order: AfterSaleDialogProps['order'];
  onCancel: () => void;
  onSubmitted: (a: AfterSale) => void;
}) {
  const [kind, setKind] = useState<AfterSaleKind | ''>('');
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [photos, setPhotos] = useState<readonly File[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [errors, setErrors] = useState<AfterSaleErrors>(NO_ERRORS);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [preparing, setPreparing] = useState(false);
  const previews = usePreviews(photos);
  const create = useCreateAfterSale(order.id);
  const busy = preparing || create.isPending;
  const ids = { kind: useId(), reason: useId(), lines: useId(), description: useId(), photos: useId() };

  const pick = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const result = addPhotos(photos, [...files]);
    setPhotos(result.photos);
    setPhotoErrors(result.errors);
  };
  const removePhoto = (index: number) => {
    setPhotos(photos.filter((_, i) => i !== index));
    setPhotoErrors([]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending || preparing) return;
    const check = checkAfterSale({ kind, reason, description, quantities, photos }, order.lines);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors(NO_ERRORS);
    setPreparing(true);
    const compressed = await compressPhotos(check.input.photos);
    setPreparing(false);
    create.mutate(
      { input: { ...check.input, photos: compressed }, idempotencyKey },
      {
        onSuccess: (afterSale) => {
          toast.show({ message: AFTER_SALE_SUBMITTED_TOAST, tone: 'success' });
          onSubmitted(afterSale);
        },
      },
    );
  };

  const hasErrors = Boolean(
    errors.kind || errors.reason || errors.lines || errors.description || Object.keys(errors.line).length > 0,
  );

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="售后申请">
      {hasErrors && (
        <p className={styles.errorSummary} role="alert">
          请按提示修改后再提交
        </p>
      )}
      <fieldset className={styles.fieldset} aria-describedby={errors.kind ? ids.kind : undefined}>
        <legend>售后类型</legend>
        <div className={styles.radios}>
          {AFTER_SALE_KINDS.map((k) => (
            <label key={k}>
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {AFTER_SALE_KIND_TEXT[k]}
            </label>
          ))}
        </div>
        {errors.kind && (
          <span id={ids.kind} className={styles.error}>
            {errors.kind}
          </span>
        )}
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={`${ids.reason}-input`}>售后原因</label>
        <select
          id={`${ids.reason}-input`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? ids.reason : undefined}
        >
          <option value="">请选择</option>
          {AFTER_SALE_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        {errors.reason && (
          <span id={ids.reason} className={styles.error}>
            {errors.reason}
          </span>
        )}
      </div>

      <fieldset className={styles.fieldset} aria-describedby={errors.lines ? ids.lines : undefined}>
        <legend>售后商品及数量</legend>
        <ul className={styles.lines}>
          {order.lines.map((line) => (
            <LineQuantity
              key={line.id}
              line={line}
              value={quantities[line.id] ?? ''}
              error={errors.line[line.id]}
              onChange={(v) => setQuantities((q) => ({ ...q, [line.id]: v }))}
            />
          ))}
        </ul>
        {errors.lines && (
          <span id={ids.lines} className={styles.error}>
            {errors.lines}
          </span>
        )}
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={`${ids.description}-input`}>问题描述</label>
        <textarea
          id={`${ids.description}-input`}
          value={description}
          rows={3}
          maxLength={AFTER_SALE_DESCRIPTION_MAX_CHARS}
          placeholder="请描述商品问题，便于我们尽快处理"
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? ids.description : undefined}
        />
        <span className={styles.counter} aria-hidden="true">
          {description.length}/{AFTER_SALE_DESCRIPTION_MAX_CHARS}
        </span>
        {errors.description && (
          <span id={ids.description} className={styles.error}>
            {errors.description}
          </span>
        )}
      </div>

      <div className={styles.field}>
        <label htmlFor={ids.photos}>上传凭证图片（最多{AFTER_SALE_MAX_PHOTOS}张，单张不超过5MB）</label>
        <input
          id={ids.photos}
          type="file"
          accept={AFTER_SALE_PHOTO_TYPES.join(',')}
          multiple
          disabled={photos.length >= AFTER_SALE_MAX_PHOTOS}
          onChange={(e) => {
            pick(e.target.files);
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
          <ul className={styles.previews} aria-label="已选图片">
            {photos.map((file, i) => (
              <li key={`${file.name}-${i}`}>
                {previews[i] ? (
                  <img src={previews[i] ?? undefined} alt={`凭证图片${i + 1}`} width={72} height={72} />
                ) : (
                  <span className={styles.fileName}>{file.name}</span>
                )}
                <button type="button" aria-label={`删除图片${i + 1}`} onClick={() => removePhoto(i)}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <DialogActions>
        <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
          取消
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={busy} aria-busy={busy || undefined}>
          {preparing ? '图片处理中…' : create.isPending ? '提交中…' : '提交申请'}
        </button>
      </DialogActions>
    </form>
  );
}
