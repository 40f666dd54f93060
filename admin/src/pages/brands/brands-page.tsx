// 品牌管理 (issue 32 §1, 运营): every brand with its logo, the brand zone's picture (品牌专区图),
// description, maker, order and whether it is shown, and how many goods carry it. 新建 and 编辑
// open one dialog; 删除 is offered for every brand and the server refuses a brand still in use
// (goods, a 品牌专区 slot) with its reason.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { brandsQuery, catalogueKey, makersQuery, removeBrand, saveBrand } from '../../api/catalogue.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { ConsolePage } from '../../widgets/console-page.tsx';
import { DialogForm } from '../../widgets/dialog-form.tsx';
import { AlertLine } from '../../widgets/alert-line.tsx';
import { ImageUploadButton } from '../../widgets/image-upload-button.tsx';
import { ACTION_COLUMN, ServerTable, type ServerColumn } from '../../widgets/server-table.tsx';
import { useFormSubmit } from '../../widgets/use-form-submit.ts';
import { Field } from '@ui/field.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import type { BrandInput, ConsoleBrand } from '@domain/admin-catalogue.ts';
import grid from '../../widgets/form-grid.module.css';

const FIXED_SORT = { id: 'sort', desc: false };
const THUMB_PX = 40;

type Editing = { brand: ConsoleBrand | null };

function PictureField({
  label,
  name,
  value,
  error,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  onChange: (url: string) => void;
}) {
  return (
    <Field label={label} error={error} hint="上传图片，或填写 /media/… 地址">
      {(p) => (
        <span className={grid.pair}>
          <input {...p} name={name} value={value} onChange={(e) => onChange(e.target.value)} />
          <ImageUploadButton onUploaded={onChange} />
        </span>
      )}
    </Field>
  );
}

function BrandDialog({ brand, onClose }: { brand: ConsoleBrand | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const makers = useQuery(makersQuery);
  const [form, setForm] = useState({
    name: brand?.name ?? '',
    logo: brand?.logo ?? '',
    banner: brand?.banner ?? '',
    description: brand?.description ?? '',
    manufacturer_id: brand?.manufacturer_id ? String(brand.manufacturer_id) : '',
    sort: String(brand?.sort ?? 0),
    is_show: brand?.is_show ?? true,
  });
  const { errors, busy, run } = useFormSubmit('保存失败，请稍后重试');
  const submit = () =>
    run(async () => {
      // The server parses and checks every field (coercing the numbers).
      const input = {
        ...form,
        manufacturer_id: form.manufacturer_id === '' ? null : form.manufacturer_id,
      } as unknown as BrandInput;
      await saveBrand(brand?.id ?? null, input);
      await queryClient.invalidateQueries({ queryKey: catalogueKey });
      onClose();
    });
  return (
    <DialogForm
      title={brand ? `编辑品牌「${brand.name}」` : '新建品牌'}
      widthPx={640}
      submitText="保存"
      busy={busy}
      error={errors.form}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className={grid.wide}>
        <Field label="品牌名称" required error={errors.name}>
          {(p) => (
            <input {...p} name="name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          )}
        </Field>
        <Field label="生产厂家" error={errors.manufacturer_id}>
          {(p) => (
            <select
              {...p}
              name="manufacturer_id"
              value={form.manufacturer_id}
              onChange={(e) => setForm({ ...form, manufacturer_id: e.target.value })}
            >
              <option value="">无</option>
              {(makers.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="排序" error={errors.sort} hint="数字小的在前">
          {(p) => (
            <input
              {...p}
              name="sort"
              inputMode="numeric"
              value={form.sort}
              onChange={(e) => setForm({ ...form, sort: e.target.value })}
            />
          )}
        </Field>
      </div>
      <PictureField
        label="品牌标志"
        name="logo"
        value={form.logo}
        error={errors.logo}
        onChange={(logo) => setForm({ ...form, logo })}
      />
      <PictureField
        label="品牌专区图"
        name="banner"
        value={form.banner}
        error={errors.banner}
        onChange={(banner) => setForm({ ...form, banner })}
      />
      <Field label="品牌介绍" error={errors.description}>
        {(p) => (
          <textarea
            {...p}
            name="description"
            rows={4}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        )}
      </Field>
      <label className={grid.check}>
        <input
          type="checkbox"
          name="is_show"
          checked={form.is_show}
          onChange={(e) => setForm({ ...form, is_show: e.target.checked })}
        />
        在品牌列表中显示
      </label>
    </DialogForm>
  );
}

export function BrandsPage() {
  const queryClient = useQueryClient();
  const brands = useQuery(brandsQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [refusal, setRefusal] = useState<string | undefined>();

  const remove = async (b: ConsoleBrand) => {
    if (!window.confirm(`删除品牌“${b.name}”？`)) return;
    setRefusal(undefined);
    try {
      await removeBrand(b.id);
      await queryClient.invalidateQueries({ queryKey: catalogueKey });
    } catch (err) {
      setRefusal(err instanceof ConsoleApiError ? err.message : '删除失败，请稍后重试');
    }
  };

  const columns: ServerColumn<ConsoleBrand>[] = [
    {
      id: 'logo',
      header: '标志',
      enableSorting: false,
      cell: (info) =>
        info.row.original.logo ? <img src={info.row.original.logo} alt="" width={THUMB_PX} height={THUMB_PX} /> : '—',
    },
    { id: 'name', accessorKey: 'name', header: '品牌', enableSorting: false, enableHiding: false },
    {
      id: 'banner',
      header: '品牌专区图',
      enableSorting: false,
      cell: (info) => (info.row.original.banner ? '已设置' : '未设置'),
    },
    { id: 'description', header: '介绍', enableSorting: false, cell: (info) => info.row.original.description || '—' },
    { id: 'goods_count', accessorKey: 'goods_count', header: '商品数', enableSorting: false },
    { id: 'sort', accessorKey: 'sort', header: '排序', enableSorting: false },
    {
      id: 'is_show',
      header: '显示',
      enableSorting: false,
      cell: (info) => (info.row.original.is_show ? '显示' : '隐藏'),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) => (
        <>
          <button
            type="button"
            className={buttonClass('link')}
            aria-label={`编辑 ${info.row.original.name}`}
            onClick={() => setEditing({ brand: info.row.original })}
          >
            编辑
          </button>{' '}
          <button
            type="button"
            className={buttonClass('link')}
            aria-label={`删除 ${info.row.original.name}`}
            onClick={() => void remove(info.row.original)}
          >
            删除
          </button>
        </>
      ),
    },
  ];

  return (
    <ConsolePage
      title="品牌管理"
      titleId="brands-title"
      hint="品牌标志显示在品牌列表和商品详情，品牌专区图显示在品牌专区页顶部。仍有商品或专区广告位使用的品牌不能删除。"
      actions={
        <button type="button" className={buttonClass('primary')} onClick={() => setEditing({ brand: null })}>
          新建品牌
        </button>
      }
    >
      <AlertLine message={refusal} />
      {brands.isError ? (
        <StateBlock kind="failed" text={brands.error.message} />
      ) : (
        <ServerTable
          name="品牌"
          columns={columns}
          rows={brands.data ?? []}
          sort={FIXED_SORT}
          onSortChange={() => undefined}
          rowKey={(b) => String(b.id)}
          busy={brands.isFetching}
          empty={brands.isPending ? '正在加载…' : '还没有品牌'}
        />
      )}
      {editing && <BrandDialog brand={editing.brand} onClose={() => setEditing(null)} />}
    </ConsolePage>
  );
}
