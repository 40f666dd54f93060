// Where a goods hangs — leaf category (by its path), maker, brand, warehouse — picked from the
// catalogue's own master data. 新建商品 and the goods editor show the same four selects; the
// server checks them with one service (placement.ts) and its field errors land here.
import { useQuery } from '@tanstack/react-query';
import { brandsQuery, categoriesQuery, makersQuery, warehousesQuery } from '../api/catalogue.ts';
import { Field } from '@ui/field.tsx';
import type { ConsoleCategory } from '@domain/admin-catalogue.ts';

/** The selects' values as typed ('' = none chosen; a brand may stay empty). */
export interface PlacementDraft {
  category_id: string;
  manufacturer_id: string;
  brand_id: string;
  warehouse_id: string;
}

/** Leaf categories with their path from the root (中成药/感冒用药), in tree order. */
export function leafPaths(categories: readonly ConsoleCategory[]): { id: number; path: string }[] {
  const parents = new Set(categories.map((c) => c.parent_id));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const pathOf = (id: number): string => {
    const c = byId.get(id);
    return c ? (c.parent_id ? `${pathOf(c.parent_id)}/${c.name}` : c.name) : '';
  };
  return categories.filter((c) => !parents.has(c.id)).map((c) => ({ id: c.id, path: pathOf(c.id) }));
}

interface Props {
  value: PlacementDraft;
  onChange: (next: PlacementDraft) => void;
  errors: Partial<Record<keyof PlacementDraft, string>>;
}

export function GoodsPlacementFields({ value, onChange, errors }: Props) {
  const categories = useQuery(categoriesQuery);
  const makers = useQuery(makersQuery);
  const brands = useQuery(brandsQuery);
  const warehouses = useQuery(warehousesQuery);
  const select = (
    key: keyof PlacementDraft,
    label: string,
    options: { id: number; name: string }[],
    required: boolean,
  ) => (
    <Field label={label} required={required} error={errors[key]}>
      {(p) => (
        <select {...p} name={key} value={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.value })}>
          <option value="">{required ? '请选择' : '无'}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <>
      {select(
        'category_id',
        '分类（最末一级）',
        leafPaths(categories.data ?? []).map((c) => ({ id: c.id, name: c.path })),
        true,
      )}
      {select('manufacturer_id', '生产厂家', makers.data ?? [], true)}
      {select('brand_id', '品牌', brands.data ?? [], false)}
      {select('warehouse_id', '发货仓库', warehouses.data ?? [], true)}
    </>
  );
}
