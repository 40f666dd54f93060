// /api/admin/site-lists/{kind}: the shop's hot search words, top navigation, footer links and
// focus/ad slot pictures, for 运营 (and 管理员). GET the list; POST the whole list in its new order.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { notFound, ok, validationError } from '../../http/envelope.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { idField } from '../../http/params.ts';
import { readSiteList, saveSiteList } from '../../services/admin/site-lists.ts';
import { forgetCommonStatic } from '../../services/focus/common.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import {
  FOCUS_SLOTS,
  SITE_LIST_KINDS,
  SITE_LIST_MAX,
  type FocusSlot,
  type SiteListItem,
  type SiteListKind,
} from '@domain/admin-content.ts';
import { isAllowedArticleHref, isAllowedArticleImage } from '@domain/article-html.ts';

const slotQuery = z.object({ slot: z.enum(FOCUS_SLOTS, { error: '广告位无效' }).optional() });

const itemSchema = z.object({
  id: idField('条目编号无效').optional(),
  name: z.string({ error: '请填写名称' }).trim().min(1, { error: '请填写名称' }).max(40, { error: '名称最多40个字' }),
  url: z.string({ error: '链接无效' }).trim().max(300, { error: '链接最多300个字符' }).optional(),
  image: z.string({ error: '图片地址无效' }).trim().max(300, { error: '图片地址最多300个字符' }).optional(),
});
const listSchema = z.object({
  items: z.array(itemSchema, { error: '请提交列表' }).max(SITE_LIST_MAX, { error: `最多${SITE_LIST_MAX}条` }),
});

function kindOf(raw: string): SiteListKind {
  const kind = SITE_LIST_KINDS.find((k) => k === raw);
  if (!kind) throw notFound('列表不存在');
  return kind;
}

/** The fields each kind needs, checked per row: links go to a site path or http(s), pictures are ours. */
function checkItems(kind: SiteListKind, items: z.output<typeof itemSchema>[]): SiteListItem[] {
  const errors: Record<string, string[]> = {};
  const ids = items.map((i) => i.id).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) errors.items = ['同一条目出现了两次'];
  const out = items.map((item, i) => {
    const url = item.url ?? '';
    const image = item.image ?? '';
    if (kind !== 'hot_keywords' && kind !== 'focus' && url === '') errors[`items.${i}.url`] = ['请填写链接'];
    if (url !== '' && !isAllowedArticleHref(url))
      errors[`items.${i}.url`] = ['链接须为 http(s):// 地址或以 / 开头的站内路径'];
    if (kind === 'focus' && !isAllowedArticleImage(image))
      errors[`items.${i}.image`] = ['图片须为上传的图片或本站 /media/ 下的地址'];
    return {
      id: item.id,
      name: item.name,
      url: kind === 'hot_keywords' ? '' : url,
      image: kind === 'focus' ? image : '',
    };
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return out;
}

export const adminSiteListRoutes = new Hono<AppEnv>();

adminSiteListRoutes.get('/:kind', allow(CONSOLE_ACCESS.content), async (c) => {
  const kind = kindOf(c.req.param('kind'));
  const { slot } = readQuery(c, slotQuery);
  return ok(c, await readSiteList(c.get('deps').db, kind, (slot ?? 'index') as FocusSlot));
});

adminSiteListRoutes.post('/:kind', allow(CONSOLE_ACCESS.content), async (c) => {
  const kind = kindOf(c.req.param('kind'));
  const { slot } = readQuery(c, slotQuery);
  const { items } = readInput(c, listSchema);
  const deps = c.get('deps');
  const saved = await saveSiteList(
    deps.db,
    actorOf(c),
    kind,
    (slot ?? 'index') as FocusSlot,
    checkItems(kind, items),
    deps.clock(),
  );
  if (kind === 'hot_keywords' || kind === 'nav') forgetCommonStatic(deps);
  return ok(c, saved, '已保存');
});
