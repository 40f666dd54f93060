// The company's qualification files beside its data: one large at a time, picked from the list
// (images inline; a PDF opens in a new tab, the server never lets an upload run as a page).
import { useState } from 'react';
import { formatDate } from '@domain/time.ts';
import type { QualificationFileInfo } from '@domain/admin.ts';
import panel from '../../widgets/panel.module.css';
import styles from './company-page.module.css';

const KIND_TEXT: Record<string, string> = {
  business_license: '营业执照',
  drug_license: '药品经营许可证',
  gsp: 'GSP证书',
  medical_device: '医疗器械经营许可证',
  power_of_attorney: '采购委托书',
  id_card: '身份证',
};
const FILE_STATUS_TEXT = { pending: '待审核', approved: '已通过', rejected: '已驳回' } as const;

export function FilesViewer({ files }: { files: QualificationFileInfo[] }) {
  const [selectedId, setSelectedId] = useState<number | null>(files[0]?.id ?? null);
  const selected = files.find((f) => f.id === selectedId) ?? files[0];
  return (
    <section aria-labelledby="files-title" className={`${panel.panel} ${styles.files}`}>
      <h2 id="files-title" className={panel.title}>
        资质文件（{files.length}）
      </h2>
      {files.length === 0 ? (
        <p className={styles.muted}>该企业尚未上传资质文件</p>
      ) : (
        <>
          <ul className={styles.fileList}>
            {files.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  className={f.id === selected?.id ? `${styles.fileTab} ${styles.fileTabOn}` : styles.fileTab}
                  aria-pressed={f.id === selected?.id}
                  onClick={() => setSelectedId(f.id)}
                >
                  {KIND_TEXT[f.kind] ?? f.kind}
                  <span className={styles.fileState}>{FILE_STATUS_TEXT[f.status]}</span>
                </button>
              </li>
            ))}
          </ul>
          {selected && (
            <figure className={styles.viewer}>
              {selected.mime.startsWith('image/') ? (
                <img src={selected.url} alt={`${KIND_TEXT[selected.kind] ?? selected.kind}：${selected.file_name}`} />
              ) : (
                <a href={selected.url} target="_blank" rel="noopener noreferrer">
                  打开 {selected.file_name}
                </a>
              )}
              <figcaption>
                {selected.file_name}
                {selected.expires_on && `，有效期至 ${formatDate(Date.parse(`${selected.expires_on}T00:00:00+08:00`))}`}
                {' · '}
                <a href={selected.url} target="_blank" rel="noopener noreferrer">
                  新窗口查看
                </a>
              </figcaption>
            </figure>
          )}
        </>
      )}
    </section>
  );
}
