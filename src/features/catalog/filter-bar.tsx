// The filter bar of every listing (SPEC §2 goods lists): category breadcrumb and up to three rows
// of category chips (GET /api/focus/common), manufacturers and brands among the matches (the
// result's facets), badge tags, zone flags, and a summary of what is selected. Every chip is a
// link to the same list with that filter changed, so filters are shareable and the back button
// undoes them. On a phone the rows move into a bottom sheet (filter-drawer.tsx) and only the
// selected filters stay above the goods, as removable chips.
import { useState } from 'react';
import type { GoodsListResult, GoodsZone } from '../../domain/catalog';
import type { CategoryNode } from '../../domain/contracts';
import { categoryPath, categoryRows } from './category-path';
import { FILTER_TAGS, withFilter, type FilterTag, type ListPreset, type ListSearch } from '../../domain/list-search';
import { SpaLink } from '../../ui/spa-link';
import { FilterDrawer } from './filter-drawer';
import styles from './filter-bar.module.css';

/** Chips shown before "更多" in one row. */
const CHIPS_COLLAPSED = 14;

export const ZONE_LABELS: Record<GoodsZone, string> = {
  jxq: '近效期',
  kx: '控销',
  zy: '中药',
  qx: '器械',
  yx: '包邮',
  youx: '优选',
};

export interface FilterBarProps {
  search: ListSearch;
  preset: ListPreset;
  /** The zone's category tree; [] while loading. */
  tree: readonly CategoryNode[];
  facets: GoodsListResult['facets'] | undefined;
  /** Zone chips the viewer may use (控销 only for is_special companies…). */
  zones: readonly GoodsZone[];
  /** The list URL for a changed search (same path and view). */
  hrefFor: (next: ListSearch) => string;
  /** Matches of the current search, once answered (the phone sheet's 查看 N 件商品). */
  total?: number;
}

interface Chip {
  key: string | number;
  label: string;
  count?: number;
  href: string;
  selected: boolean;
}

function ChipRow({
  label,
  chips,
  allHref,
  allSelected,
}: {
  label: string;
  chips: Chip[];
  allHref?: string;
  allSelected?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  if (chips.length === 0) return null;
  const selectedHidden = chips.findIndex((c) => c.selected) >= CHIPS_COLLAPSED;
  const shown = expanded || selectedHidden ? chips : chips.slice(0, CHIPS_COLLAPSED);
  return (
    <div className={styles.row} role="group" aria-label={label}>
      <div className={styles.label}>{label}</div>
      <ul className={styles.values}>
        {allHref !== undefined && (
          <li>
            <SpaLink href={allHref} keepScroll className={styles.chip} aria-current={allSelected ? 'true' : undefined}>
              全部
            </SpaLink>
          </li>
        )}
        {shown.map((c) => (
          <li key={c.key}>
            <SpaLink href={c.href} keepScroll className={styles.chip} aria-current={c.selected ? 'true' : undefined}>
              {c.label}
              {c.count !== undefined && <span className={styles.count}>({c.count})</span>}
            </SpaLink>
          </li>
        ))}
      </ul>
      {chips.length > CHIPS_COLLAPSED && !selectedHidden && (
        <button type="button" className={styles.more} aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? '收起' : '更多'}
        </button>
      )}
    </div>
  );
}

const ROW_LABELS = ['分类', '子分类', '细分类'] as const;

function CategoryRows({ search, tree, hrefFor }: Pick<FilterBarProps, 'search' | 'tree' | 'hrefFor'>) {
  const to = (id: number | undefined) => hrefFor(withFilter(search, { category_id: id }));
  return (
    <>
      {categoryRows(tree, categoryPath(tree, search.category_id)).map((row) => (
        <ChipRow
          key={row.level}
          label={ROW_LABELS[row.level]}
          allHref={to(row.parent?.id)}
          allSelected={row.selected === undefined}
          chips={row.options.map((n) => ({
            key: n.id,
            label: n.name,
            href: to(n.id),
            selected: n.id === row.selected,
          }))}
        />
      ))}
    </>
  );
}

export function Breadcrumb({
  search,
  tree,
  hrefFor,
  rootLabel,
}: Pick<FilterBarProps, 'search' | 'tree' | 'hrefFor'> & { rootLabel: string }) {
  const path = categoryPath(tree, search.category_id);
  const to = (id: number | undefined) => hrefFor(withFilter(search, { category_id: id }));
  return (
    <nav className={styles.crumbs} aria-label="当前位置">
      <ol>
        <li>
          {path.length > 0 || search.category_id !== undefined ? (
            <SpaLink href={to(undefined)} keepScroll>
              {rootLabel}
            </SpaLink>
          ) : (
            <span aria-current="page">{rootLabel}</span>
          )}
        </li>
        {path.map((node, i) => (
          <li key={node.id}>
            {i === path.length - 1 ? (
              <span aria-current="page">{node.name}</span>
            ) : (
              <SpaLink href={to(node.id)} keepScroll>
                {node.name}
              </SpaLink>
            )}
          </li>
        ))}
        {path.length === 0 && search.category_id !== undefined && tree.length > 0 && (
          <li>
            <span aria-current="page">分类已下架或不在本专区</span>
          </li>
        )}
      </ol>
    </nav>
  );
}

function toggleTag(tags: readonly FilterTag[], tag: FilterTag): FilterTag[] {
  return FILTER_TAGS.filter((t) => (t === tag ? !tags.includes(t) : tags.includes(t)));
}

/** The filters in force, each with the URL that drops it. */
function selectedFilters({
  search,
  facets,
  hrefFor,
}: Pick<FilterBarProps, 'search' | 'facets' | 'hrefFor'>): { key: string; label: string; href: string }[] {
  const items: { key: string; label: string; href: string }[] = [];
  const drop = (patch: Partial<ListSearch>) => hrefFor(withFilter(search, patch));
  if (search.manufacturer_id !== undefined) {
    const name = facets?.manufacturers.find((m) => m.id === search.manufacturer_id)?.name ?? '已选厂家';
    items.push({ key: 'm', label: `厂家：${name}`, href: drop({ manufacturer_id: undefined }) });
  }
  if (search.brand_id !== undefined) {
    const name = facets?.brands.find((b) => b.id === search.brand_id)?.name ?? '已选品牌';
    items.push({ key: 'b', label: `品牌：${name}`, href: drop({ brand_id: undefined }) });
  }
  for (const tag of search.tags)
    items.push({ key: `t${tag}`, label: `标签：${tag}`, href: drop({ tags: toggleTag(search.tags, tag) }) });
  if (search.zone)
    items.push({ key: 'z', label: `专区：${ZONE_LABELS[search.zone]}`, href: drop({ zone: undefined }) });
  if (search.yx) items.push({ key: 'yx', label: '包邮', href: drop({ yx: false }) });
  if (search.price_min !== undefined || search.price_max !== undefined) {
    const label = `价格：${search.price_min ?? 0} - ${search.price_max ?? '不限'} 元`;
    items.push({ key: 'p', label, href: drop({ price_min: undefined, price_max: undefined }) });
  }
  if (search.in_stock) items.push({ key: 's', label: '仅看有货', href: drop({ in_stock: false }) });
  return items;
}

function SelectedSummary({ search, facets, hrefFor }: Pick<FilterBarProps, 'search' | 'facets' | 'hrefFor'>) {
  const items = selectedFilters({ search, facets, hrefFor });
  const drop = (patch: Partial<ListSearch>) => hrefFor(withFilter(search, patch));
  if (items.length === 0) return null;
  const clearAll = drop({
    manufacturer_id: undefined,
    brand_id: undefined,
    tags: [],
    zone: undefined,
    yx: false,
    price_min: undefined,
    price_max: undefined,
    in_stock: false,
  });
  return (
    <div className={styles.row} role="group" aria-label="已选条件">
      <div className={styles.label}>已选</div>
      <ul className={styles.values}>
        {items.map((it) => (
          <li key={it.key}>
            <SpaLink href={it.href} keepScroll className={styles.selected} aria-label={`取消 ${it.label}`}>
              {it.label}
              <span aria-hidden="true" className={styles.x}>
                ×
              </span>
            </SpaLink>
          </li>
        ))}
        <li>
          <SpaLink href={clearAll} keepScroll className={styles.clear}>
            清除全部
          </SpaLink>
        </li>
      </ul>
    </div>
  );
}

/** Every filter row: categories, manufacturers, brands, tags, zones. */
function FilterRows({ search, preset, tree, facets, zones, hrefFor }: FilterBarProps) {
  const set = (patch: Partial<ListSearch>) => hrefFor(withFilter(search, patch));
  const manufacturers = facets?.manufacturers ?? [];
  const brands = preset.brand_id === undefined ? (facets?.brands ?? []) : [];
  const zoneChips: Chip[] =
    preset.zone === undefined
      ? zones.map((z) => ({
          key: z,
          label: ZONE_LABELS[z],
          href: set({ zone: search.zone === z ? undefined : z }),
          selected: search.zone === z,
        }))
      : [];
  if (preset.yx === undefined && preset.zone !== 'yx') {
    zoneChips.push({ key: 'yx', label: '包邮', href: set({ yx: !search.yx }), selected: search.yx });
  }
  return (
    <>
      <CategoryRows search={search} tree={tree} hrefFor={hrefFor} />
      <ChipRow
        label="生产厂家"
        chips={manufacturers.map((m) => ({
          key: m.id,
          label: m.name,
          count: m.count,
          href: set({ manufacturer_id: search.manufacturer_id === m.id ? undefined : m.id }),
          selected: m.id === search.manufacturer_id,
        }))}
      />
      <ChipRow
        label="品牌"
        chips={brands.map((b) => ({
          key: b.id,
          label: b.name,
          href: set({ brand_id: search.brand_id === b.id ? undefined : b.id }),
          selected: b.id === search.brand_id,
        }))}
      />
      <ChipRow
        label="商品标签"
        chips={FILTER_TAGS.map((t) => ({
          key: t,
          label: t,
          href: set({ tags: toggleTag(search.tags, t) }),
          selected: search.tags.includes(t),
        }))}
      />
      <ChipRow label="专区" chips={zoneChips} />
    </>
  );
}

export function FilterBar(props: FilterBarProps) {
  const { search, facets, hrefFor, total } = props;
  return (
    <section className={styles.bar} aria-label="筛选条件">
      <div className={styles.panel}>
        <FilterRows {...props} />
      </div>
      <FilterDrawer activeCount={selectedFilters({ search, facets, hrefFor }).length} total={total}>
        <FilterRows {...props} />
      </FilterDrawer>
      <SelectedSummary search={search} facets={facets} hrefFor={hrefFor} />
    </section>
  );
}
