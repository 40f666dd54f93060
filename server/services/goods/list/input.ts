// The query of GET /api/goods/list (GoodsListQuery in src/domain/catalog.ts) → a checked
// ListInput; any problem is a 422 with the field's message.
import { z } from 'zod';
import { validationError } from '../../../http/envelope.ts';
import { parseOrThrow } from '../../../http/validate.ts';
import { ID_MAX, PAGE_SIZE_DEFAULT, blank, flagParam, intParam, pageParams } from '../../../http/params.ts';
import { parseKeyword, type SearchQuery } from '../search.ts';
import type { GoodsSort, GoodsZone } from '@domain/catalog.ts';

const PRICE_MAX_FEN = 100_000_000;

export const BADGE_TAGS: readonly string[] = ['优', '秒', '满', '换购', '赠', '特', '新'];
const TAGS_MAX = BADGE_TAGS.length;

const ZONES = ['jxq', 'kx', 'zy', 'qx', 'yx', 'youx'] as const satisfies readonly GoodsZone[];
const SORTS = ['default', 'sales', 'price_asc', 'price_desc', 'newest'] as const satisfies readonly GoodsSort[];

const listQuery = z.object({
  ...pageParams,
  keywords: z.string({ error: '搜索关键词格式错误' }).optional(),
  type: z.preprocess(blank, z.enum(['1', '2'], { error: '搜索类型无效' }).optional()),
  category_id: intParam('分类编号无效', 1, ID_MAX),
  manufacturer_id: intParam('生产厂家编号无效', 1, ID_MAX),
  brand_id: intParam('品牌编号无效', 1, ID_MAX),
  tags: z.preprocess(blank, z.union([z.string(), z.array(z.string())], { error: '商品标签无效' }).optional()),
  zone: z.preprocess(blank, z.enum(ZONES, { error: '专区无效' }).optional()),
  yx: flagParam('包邮参数无效'),
  price_min: intParam('最低价格式错误', 0, PRICE_MAX_FEN),
  price_max: intParam('最高价格式错误', 0, PRICE_MAX_FEN),
  in_stock: flagParam('有货参数无效'),
  sort: z.preprocess(blank, z.enum(SORTS, { error: '排序方式无效' }).optional()),
});

export interface ListFilter {
  keyword: SearchQuery | null;
  /** 1: the keyword is a goods name (default), 2: a manufacturer. */
  type: 1 | 2;
  categoryId?: number;
  manufacturerId?: number;
  brandId?: number;
  tags: string[];
  zone?: GoodsZone;
  yx: boolean;
  priceMin?: number;
  priceMax?: number;
  inStock: boolean;
  sort: GoodsSort;
}

export interface ListInput {
  filter: ListFilter;
  page: number;
  pageSize: number;
}

function parseTags(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return [];
  const parts = (Array.isArray(raw) ? raw : raw.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length > TAGS_MAX || parts.some((t) => !BADGE_TAGS.includes(t))) {
    throw validationError({ tags: ['商品标签无效'] });
  }
  return [...new Set(parts)].sort();
}

/** The raw query (bracket-parsed) → a checked ListInput; any problem is a 422. */
export function parseListQuery(raw: unknown): ListInput {
  const q = parseOrThrow(listQuery, raw);
  if (q.price_min !== undefined && q.price_max !== undefined && q.price_min > q.price_max) {
    throw validationError({ price_min: ['最低价不能高于最高价'] });
  }
  return {
    filter: {
      keyword: parseKeyword(q.keywords),
      type: q.type === '2' ? 2 : 1,
      categoryId: q.category_id,
      manufacturerId: q.manufacturer_id,
      brandId: q.brand_id,
      tags: parseTags(q.tags),
      zone: q.zone,
      yx: q.yx ?? false,
      priceMin: q.price_min,
      priceMax: q.price_max,
      inStock: q.in_stock ?? false,
      sort: q.sort ?? 'default',
    },
    page: q.page ?? 1,
    pageSize: q.page_size ?? PAGE_SIZE_DEFAULT,
  };
}

/**
 * Everything of a parsed list input that changes its answer, as one string: the answer cache's
 * key (goods/answer-cache.ts). The keyword by its normalised text, from which all its forms follow.
 */
export function listInputKey(input: ListInput): string {
  const f = input.filter;
  return JSON.stringify([
    f.keyword?.text ?? null,
    f.type,
    f.categoryId ?? null,
    f.manufacturerId ?? null,
    f.brandId ?? null,
    f.tags,
    f.zone ?? null,
    f.yx,
    f.priceMin ?? null,
    f.priceMax ?? null,
    f.inStock,
    f.sort,
    input.page,
    input.pageSize,
  ]);
}
