// 商品资料导入导出 (issue 32 §2): export the catalogue (the goods list's filters come along from the
// list), import a CSV/XLSX of the whole master data keyed by 外部编码 — a dry run listing what it
// creates, changes and why rows fail, then all or nothing — and add pictures in bulk from a ZIP.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { afterGoodsChange } from '../../api/goods.ts';
import {
  catalogueExportHref,
  catalogueTemplateHref,
  importCatalogueFile,
  importPicturesZip,
} from '../../api/catalogue-file.ts';
import { parseGoodsSearch } from '../../api/goods-search.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_FILE_MAX_BYTES,
  CATALOGUE_FILE_MAX_ROWS,
  PICTURES_ZIP_MAX_BYTES,
  type CatalogueImportPreview,
  type PicturesImportResult,
} from '@domain/catalogue-file.ts';
import { CataloguePreviewTable } from './catalogue-preview-table.tsx';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { ImportColumnList, SpreadsheetInput, TemplateLinks } from '../../widgets/file-import-parts.tsx';
import frame from '../../widgets/file-import.module.css';
import styles from './catalogue-file-page.module.css';

/** The file's problem, or the first rows' problems of a refused apply. */
function messageOf(e: unknown): string {
  if (!(e instanceof ConsoleApiError)) return '上传失败，请重试';
  const rows = Object.entries(e.fieldErrors)
    .filter(([k]) => k !== 'file')
    .slice(0, 5)
    .map(
      ([k, v]) =>
        `${k.replace(/^rows\./, '第').replace(/^files\.\d+/, '')}${k.startsWith('rows.') ? '行 ' : ''}${v.join('；')}`,
    );
  return [e.fieldErrors.file?.[0] ?? e.message, ...rows].join('\n');
}

function summaryOf(p: CatalogueImportPreview): string {
  if (p.applied) return `已导入：新建${p.created}个商品，更新${p.updated}个商品`;
  if (p.invalid > 0) return `共${p.rows_total}行，其中${p.invalid}行有错误，修改文件后重新上传；现在不会导入任何内容`;
  if (p.created + p.updated === 0) return `共${p.rows_total}行，没有需要新建或修改的商品`;
  return `共${p.rows_total}行：将新建${p.created}个商品，更新${p.updated}个商品，${p.unchanged}个不变`;
}

export function CatalogueFilePage() {
  const { data: me } = useQuery(meQuery);
  const search = parseGoodsSearch(useSearch({ strict: false }));
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [preview, setPreview] = useState<CatalogueImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [pictures, setPictures] = useState<PicturesImportResult | null>(null);
  const [zipError, setZipError] = useState<string | null>(null);

  const run = useMutation({
    mutationFn: ({ f, mode }: { f: File; mode: 'preview' | 'apply' }) => importCatalogueFile(f, mode, createMissing),
    onSuccess: async (result) => {
      setError(null);
      setPreview(result);
      if (result.applied) await afterGoodsChange(queryClient);
    },
    onError: (e) => setError(messageOf(e)),
  });
  const upload = useMutation({
    mutationFn: (f: File) => importPicturesZip(f),
    onSuccess: async (result) => {
      setZipError(null);
      setPictures(result);
      await afterGoodsChange(queryClient);
    },
    onError: (e) => setZipError(messageOf(e)),
  });

  if (!(me && mayOpen(me.role, 'goods')))
    return <StateBlock kind="empty" title="无权访问" text="当前角色不能管理商品。" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('请选择要导入的CSV或XLSX文件');
    setPreview(null);
    run.mutate({ f: file, mode: 'preview' });
  };
  const submitZip = (e: FormEvent) => {
    e.preventDefault();
    if (!zip) return setZipError('请选择图片ZIP文件');
    setPictures(null);
    upload.mutate(zip);
  };
  const canApply =
    preview !== null &&
    !preview.applied &&
    preview.invalid === 0 &&
    preview.created + preview.updated > 0 &&
    file !== null;
  const filtered =
    search.q !== undefined ||
    search.category !== undefined ||
    search.on_sale !== undefined ||
    search.stock !== undefined ||
    search.flag !== undefined;
  const toCreate = preview?.to_create;

  return (
    <section aria-labelledby="catalogue-file-title" className={frame.page}>
      <p>
        <Link to="/goods">← 商品管理</Link>
      </p>
      <h1 id="catalogue-file-title" className={frame.title}>
        商品资料导入导出
      </h1>

      <section className={styles.section} aria-labelledby="export-title">
        <h2 id="export-title">导出</h2>
        <p className={frame.links}>
          {filtered ? '按商品列表当前的筛选条件导出：' : '导出全部商品：'}
          <a href={catalogueExportHref('xlsx', search)} download>
            导出XLSX
          </a>
          <a href={catalogueExportHref('csv', search)} download>
            导出CSV
          </a>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="import-title">
        <h2 id="import-title">导入</h2>
        <div className={frame.help}>
          <p>
            按“外部编码”匹配：已有编码的商品只更新文件中出现的列（与现值相同的格子不算修改），新编码新建商品（未上架）。生产厂家、品牌、仓库按名称匹配，分类填写路径（如
            中成药/感冒用药）。数字、开关、厂家、分类、仓库留空表示不修改。CSV（UTF-8）或XLSX，不超过
            {CATALOGUE_FILE_MAX_BYTES / 1024 / 1024}MB、最多{CATALOGUE_FILE_MAX_ROWS}
            行，不能含公式；任何一行有错误时整个文件都不会导入。导出的文件修改后可直接导入。
          </p>
          <ImportColumnList columns={CATALOGUE_COLUMNS} />
          <TemplateLinks hrefOf={catalogueTemplateHref} />
        </div>
        <form className={frame.upload} onSubmit={submit} aria-label="上传商品资料文件">
          <SpreadsheetInput
            label="商品资料文件"
            onPick={(f) => {
              setFile(f);
              setPreview(null);
              setError(null);
            }}
          />
          <label>
            <input
              type="checkbox"
              checked={createMissing}
              onChange={(e) => {
                setCreateMissing(e.target.checked);
                setPreview(null);
              }}
            />{' '}
            创建缺少的厂家、品牌和分类
          </label>
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
              确认导入（新建{preview.created}，更新{preview.updated}）
            </button>
          )}
        </form>
        <AlertLine message={error} />
        {preview && (
          <>
            <p role="status" className={preview.invalid > 0 ? frame.error : frame.ok}>
              {summaryOf(preview)}
            </p>
            {toCreate && toCreate.makers.length + toCreate.brands.length + toCreate.categories.length > 0 && (
              <ul className={styles.counts} aria-label="将新建的资料">
                {toCreate.makers.length > 0 && <li>新建生产厂家：{toCreate.makers.join('、')}</li>}
                {toCreate.brands.length > 0 && <li>新建品牌：{toCreate.brands.join('、')}</li>}
                {toCreate.categories.length > 0 && <li>新建分类：{toCreate.categories.join('、')}</li>}
              </ul>
            )}
            {preview.rows.length < preview.invalid + preview.created + preview.updated && (
              <p>只列出前{preview.rows.length}行（错误行在前）。</p>
            )}
            <CataloguePreviewTable preview={preview} />
          </>
        )}
      </section>

      <section className={styles.section} aria-labelledby="pictures-title">
        <h2 id="pictures-title">批量上传图片</h2>
        <p className={frame.help}>
          ZIP中的图片以外部编码命名，如 KY000123.jpg；同一商品的多张图片命名为
          KY000123-2.jpg、KY000123-3.jpg。JPG、PNG或WEBP，单张不超过5MB，每个商品最多10张，ZIP不超过
          {PICTURES_ZIP_MAX_BYTES / 1024 / 1024}MB。有任何一个文件无法导入时，整个ZIP都不会导入。
        </p>
        <form className={frame.upload} onSubmit={submitZip} aria-label="上传图片ZIP">
          <input
            type="file"
            name="file"
            aria-label="图片ZIP文件"
            accept=".zip,application/zip"
            onChange={(e) => {
              setZip(e.target.files?.[0] ?? null);
              setPictures(null);
              setZipError(null);
            }}
          />
          <button type="submit" className={buttonClass('primary')} disabled={upload.isPending}>
            上传图片
          </button>
        </form>
        <AlertLine message={zipError} />
        {pictures && (
          <p role="status" className={frame.ok}>
            已为{pictures.goods}个商品添加{pictures.added}张图片
          </p>
        )}
      </section>
    </section>
  );
}
