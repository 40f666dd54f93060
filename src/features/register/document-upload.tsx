// One qualification document of the company form: choose a file (PDF, JPG or PNG up to 5 MB,
// checked here as the server checks it), see a preview (the image itself, or the PDF's name and
// size with a link to open it), replace it or remove it before submitting.
import { useEffect, useId, useRef, useState } from 'react';
import { QUALIFICATION_KINDS, UPLOAD_ACCEPT, uploadProblem, type QualificationKind } from '../../domain/qualifications';
import { buttonClass } from '../../ui/button';
import styles from './register.module.css';

export interface DocumentUploadProps {
  kind: QualificationKind;
  required: boolean;
  file: File | null;
  error?: string;
  onChange: (file: File | null) => void;
  onProblem: (message: string) => void;
  inputRef?: (el: HTMLInputElement | null) => void;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function DocumentUpload({ kind, required, file, error, onChange, onProblem, inputRef }: DocumentUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const label = QUALIFICATION_KINDS[kind];
  // One object URL per chosen file, made and released by the same effect (so a remount in
  // StrictMode makes a fresh one instead of showing a revoked URL).
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = uploadProblem(kind, chosen);
    if (problem) onProblem(problem);
    else onChange(chosen);
    if (input.current) input.current.value = '';
  };

  return (
    <div className={styles.document} data-document={kind}>
      <div className={styles.documentHead}>
        <label htmlFor={id} className={styles.documentLabel}>
          {required && (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          )}
          {label}
        </label>
        <span className={styles.documentHint}>PDF、JPG、PNG，不超过5MB</span>
      </div>
      <input
        ref={(el) => {
          input.current = el;
          inputRef?.(el);
        }}
        id={id}
        type="file"
        name={`files[${kind}]`}
        accept={UPLOAD_ACCEPT}
        className={styles.fileInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {file ? (
        <div className={styles.preview}>
          {file.type.startsWith('image/') && preview ? (
            <img src={preview} alt={`${label}预览`} className={styles.previewImage} />
          ) : (
            <span className={styles.pdfIcon} aria-hidden="true">
              PDF
            </span>
          )}
          <div className={styles.previewText}>
            <span className={styles.fileName}>{file.name}</span>
            <span className={styles.documentHint}>{sizeText(file.size)}</span>
            {preview && !file.type.startsWith('image/') && (
              <a href={preview} target="_blank" rel="noopener" className={styles.link}>
                打开查看
              </a>
            )}
          </div>
          <div className={styles.previewActions}>
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              onClick={() => input.current?.click()}
            >
              更换
            </button>
            <button type="button" className={buttonClass('link')} onClick={() => onChange(null)}>
              删除
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={`${buttonClass('secondary', { size: 'sm' })} ${styles.pick}`}
          onClick={() => input.current?.click()}
        >
          选择文件
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
