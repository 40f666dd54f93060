// Answering a buyer (品种求购, 意见反馈): the buyer's own words above (passed as `detail`), then the
// reply and, for a product request, the goods id that marks it 已上架. The server checks both and
// its field messages show under the field they belong to; the dialog closes on success.
import { useState, type ReactNode } from 'react';
import { Field } from '@ui/field.tsx';
import { SERVICE_REPLY_MAX } from '@domain/buyer-service.ts';
import { DialogForm } from './dialog-form.tsx';
import { useFormSubmit } from './use-form-submit.ts';
import styles from './reply-dialog.module.css';

export interface ReplyDialogProps {
  title: string;
  detail: ReactNode;
  initialReply: string;
  /** Offer the 上架商品编号 field (product requests). */
  withGoods?: boolean;
  initialGoodsId?: number | null;
  onSubmit: (reply: string, goodsId: number | null) => Promise<void>;
  onClose: () => void;
}

export function ReplyDialog({
  title,
  detail,
  initialReply,
  withGoods = false,
  initialGoodsId = null,
  onSubmit,
  onClose,
}: ReplyDialogProps) {
  const [reply, setReply] = useState(initialReply);
  const [goodsId, setGoodsId] = useState(initialGoodsId === null ? '' : String(initialGoodsId));
  const { errors, setErrors, busy, run } = useFormSubmit('操作失败，请稍后重试');

  const submit = async () => {
    const goods = goodsId.trim();
    if (goods !== '' && !/^\d{1,9}$/.test(goods)) {
      setErrors({ goods_id: '商品编号只能是数字' });
      return;
    }
    await run(
      async () => {
        await onSubmit(reply.trim(), goods === '' ? null : Number(goods));
        onClose();
      },
      // The reply and the goods id are the operator's to fix here; any other refusal is the form's.
      (err) => {
        const f = err.fieldErrors;
        setErrors(
          f.reply || f.goods_id
            ? { reply: f.reply?.[0] ?? '', goods_id: f.goods_id?.[0] ?? '' }
            : { form: err.message },
        );
      },
    );
  };

  return (
    <DialogForm
      title={title}
      widthPx={560}
      submitText="发送回复"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      {detail}
      <Field label="回复内容（买家可见）" required error={errors.reply}>
        {(p) => (
          <textarea
            {...p}
            name="reply"
            rows={4}
            maxLength={SERVICE_REPLY_MAX}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            autoFocus
          />
        )}
      </Field>
      {withGoods && (
        <Field
          label="已上架商品编号"
          hint="填写后标记为已上架，买家可直接购买；须为在售商品。不填则为已回复。"
          error={errors.goods_id}
        >
          {(p) => (
            <input
              {...p}
              name="goods_id"
              inputMode="numeric"
              value={goodsId}
              onChange={(e) => setGoodsId(e.target.value)}
            />
          )}
        </Field>
      )}
    </DialogForm>
  );
}

/** The buyer's fields as a definition list; empty values are left out. */
export function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.detail}>
      {rows
        .filter(([, v]) => v !== '' && v !== null && v !== undefined)
        .map(([k, v]) => (
          <div key={k} className={styles.pair}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

export function PhotoStrip({ urls }: { urls: string[] }) {
  if (urls.length === 0) return null;
  return (
    <div className={styles.photos}>
      {urls.map((u, i) => (
        <a key={u} href={u} target="_blank" rel="noreferrer">
          <img src={u} alt={`截图${i + 1}`} />
        </a>
      ))}
    </div>
  );
}
