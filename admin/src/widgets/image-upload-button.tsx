// 上传图片: picks one picture, uploads it (the server checks its bytes) and hands back its
// address; the server's message shows next to the button when it refuses.
import { useId, useState, type ChangeEvent } from 'react';
import { uploadContentImage } from '../api/content-images.ts';
import { ConsoleApiError } from '../api/client.ts';
import { buttonClass } from '@ui/button.ts';
import styles from './image-upload-button.module.css';

export function ImageUploadButton({
  label = '上传图片',
  onUploaded,
}: {
  label?: string;
  onUploaded: (url: string) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      onUploaded((await uploadContentImage(file)).url);
    } catch (err) {
      setError(
        err instanceof ConsoleApiError
          ? (Object.values(err.fieldErrors)[0]?.[0] ?? err.message)
          : '上传失败，请稍后重试',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={styles.wrap}>
      <label htmlFor={id} className={buttonClass('outline', { size: 'sm' })} aria-disabled={busy || undefined}>
        {busy ? '正在上传…' : label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className={styles.input}
        disabled={busy}
        onChange={(e) => void pick(e)}
      />
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </span>
  );
}
