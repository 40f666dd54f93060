// 批量改价改库存: upload a CSV or XLSX, see every row's change and every row's error (a dry run on
// the server), then apply — all or nothing: while any row is invalid nothing can be applied.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { afterGoodsChange, importGoodsFile, importTemplateHref } from '../../api/goods.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportPreview } from '@domain/admin-goods.ts';
import { ImportPreviewTable } from './import-preview-table.tsx';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { ImportColumnList, SpreadsheetInput, TemplateLinks } from '../../widgets/file-import-parts.tsx';
import styles from '../../widgets/file-import.module.css';

const messageOf = (e: unknown) =>
  e instanceof ConsoleApiError ? (e.fieldErrors.file?.[0] ?? e.message) : '上传失败，请重试';

export function GoodsImportPage() {
  const { data: me } = useQuery(meQuery);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: ({ f, mode }: { f: File; mode: 'preview' | 'apply' }) => importGoodsFile(f, mode),
    onSuccess: async (result) => {
      setError(null);
      setPreview(result);
      if (result.applied) await afterGoodsChange(queryClient);
    },
    onError: (e) => setError(messageOf(e)),
  });

  if (!(me && mayOpen(me.role, 'goods')))
    return <StateBlock kind="empty" title="无权访问" text="当前角色不能管理商品。" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('请选择要导入的CSV或XLSX文件');
    setPreview(null);
    run.mutate({ f: file, mode: 'preview' });
  };
  const canApply =
    preview !== null && !preview.applied && preview.invalid === 0 && preview.changes > 0 && file !== null;

  return (
    <section aria-labelledby="import-title" className={styles.page}>
      <p>
        <Link to="/goods">← 商品管理</Link>
      </p>
      <h1 id="import-title" className={styles.title}>
        批量改价改库存
      </h1>
      <div className={styles.help}>
        <p>
          上传CSV（UTF-8）或XLSX文件，第一行为表头，只读取第一个工作表。文件不超过{IMPORT_MAX_BYTES / 1024 / 1024}
          MB、最多{IMPORT_MAX_ROWS}行，不能含公式。 先预览每一行的变化和错误；任何一行有错误时整个文件都不会导入。
        </p>
        <ImportColumnList columns={IMPORT_COLUMNS} showKey />
        <TemplateLinks hrefOf={importTemplateHref} />
      </div>
      <form className={styles.upload} onSubmit={submit} aria-label="上传导入文件">
        <SpreadsheetInput
          label="导入文件"
          onPick={(f) => {
            setFile(f);
            setPreview(null);
            setError(null);
          }}
        />
        <button type="submit" className={buttonClass('primary')} disabled={run.isPending}>
          预览
        </button>
        {canApply && (
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={run.isPending}
            onClick={() => run.mutate({ f: file, mode: 'apply' })}
          >
            确认导入（{preview.changes}个商品）
          </button>
        )}
      </form>
      <AlertLine message={error} />
      {preview && (
        <>
          <p role="status" className={preview.invalid > 0 ? styles.error : styles.ok}>
            {preview.applied
              ? `已导入：更新${preview.changes}个商品`
              : preview.invalid > 0
                ? `共${preview.rows.length}行，其中${preview.invalid}行有错误，修改文件后重新上传；现在不会导入任何内容`
                : preview.changes === 0
                  ? `共${preview.rows.length}行，没有需要修改的内容`
                  : `共${preview.rows.length}行，将更新${preview.changes}个商品`}
          </p>
          <ImportPreviewTable preview={preview} />
        </>
      )}
    </section>
  );
}
