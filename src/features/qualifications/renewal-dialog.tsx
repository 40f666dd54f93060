// 更新证件: upload a renewed certificate (number, issuer, valid-until and its scan or PDF, with a
// preview before sending). It goes to review; the old certificate stays in force meanwhile.
import { useEffect, useState, type FormEvent } from 'react';
import { isApiError } from '../../domain/api-error';
import { UPLOAD_ACCEPT, type Certificate } from '../../domain/qualifications';
import { formatDate } from '../../domain/time';
import { useRenewCertificate } from '../../api/qualifications';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { buttonClass } from '../../ui/button';
import { presentError } from '../../ui/error-presenter';
import { toast } from '../../ui/toast';
import { checkRenewal, serverRenewalErrors, type RenewalErrors, type RenewalValues } from './renewal-form';
import styles from './certificates.module.css';

export const RENEWAL_SENT_MESSAGE = '新证件已提交审核，审核通过前原证件继续有效';

function FilePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/')) return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <div className={styles.preview}>
      {url ? (
        <img src={url} alt={`预览 ${file.name}`} className={styles.previewImage} />
      ) : (
        <span className={styles.previewName}>PDF：{file.name}</span>
      )}
      <span className={styles.muted}>{(file.size / 1024).toFixed(0)} KB</span>
    </div>
  );
}

export function RenewalDialog({ certificate, onClose }: { certificate: Certificate | null; onClose: () => void }) {
  const renew = useRenewCertificate();
  const [values, setValues] = useState<RenewalValues>({ number: '', issuer: '', expires_on: '', file: null });
  const [errors, setErrors] = useState<RenewalErrors>({});

  useEffect(() => {
    if (certificate) {
      setValues({ number: '', issuer: certificate.issuer, expires_on: '', file: null });
      setErrors({});
    }
  }, [certificate]);

  const set = <K extends keyof RenewalValues>(key: K, v: RenewalValues[K]) => {
    setValues((s) => ({ ...s, [key]: v }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!certificate) return;
    const checked = checkRenewal(values, formatDate(Date.now()));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    try {
      await renew.mutateAsync({ certificateId: certificate.id, ...checked.fields, file: checked.file });
      toast.show({ message: RENEWAL_SENT_MESSAGE, tone: 'success' });
      onClose();
    } catch (err) {
      const fields = isApiError(err) && err.kind === 'validation' ? serverRenewalErrors(err.fieldErrors) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else presentError(err);
    }
  };

  return (
    <Dialog
      open={certificate !== null}
      onOpenChange={(open) => !open && onClose()}
      title={certificate ? `更新${certificate.kind_name}` : '更新证件'}
      widthPx={520}
      closeLabel="关闭"
    >
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.muted}>提交后进入审核，审核通过前原证件继续有效。</p>
        <Field label="证书编号" required error={errors.number}>
          {(p) => <input {...p} value={values.number} maxLength={64} onChange={(e) => set('number', e.target.value)} />}
        </Field>
        <Field label="发证机关" required error={errors.issuer}>
          {(p) => <input {...p} value={values.issuer} maxLength={64} onChange={(e) => set('issuer', e.target.value)} />}
        </Field>
        <Field label="有效期至" required error={errors.expires_on}>
          {(p) => (
            <input {...p} type="date" value={values.expires_on} onChange={(e) => set('expires_on', e.target.value)} />
          )}
        </Field>
        <Field label="证件文件" required error={errors.file} hint="PDF、JPG或PNG，不超过5MB">
          {(p) => (
            <input
              {...p}
              type="file"
              accept={UPLOAD_ACCEPT}
              onChange={(e) => set('file', e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        {values.file && <FilePreview file={values.file} />}
        <DialogActions>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            取消
          </button>
          <button
            type="submit"
            className={buttonClass('primary')}
            disabled={renew.isPending}
            aria-busy={renew.isPending || undefined}
          >
            提交审核
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
