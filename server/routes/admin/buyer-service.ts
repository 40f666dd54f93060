// /api/admin/product_requests, /api/admin/feedback, /api/admin/buyer_messages: the 客服 side of
// 品种求购, 意见反馈 and messages to buyers (issue 18). Lists, one item, the reply, the feedback
// screenshots (operators only), sending a message and the list of what was sent.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { notFound, ok, validationError } from '../../http/envelope.ts';
import { blank, idField, objectId, pageParams, parseIdList, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { loadUpload } from '../../services/after-sales/photos.ts';
import { PRODUCT_REQUEST_NOT_FOUND } from '../../services/product-requests/requests.ts';
import { FEEDBACK_NOT_FOUND } from '../../services/feedback/feedback.ts';
import {
  answerProductRequest,
  getAdminProductRequest,
  searchProductRequests,
} from '../../services/admin/buyer-service/product-requests.ts';
import {
  answerFeedback,
  FEEDBACK_PHOTO_PURPOSE,
  getAdminFeedback,
  searchFeedback,
} from '../../services/admin/buyer-service/feedback.ts';
import { listSentBuyerMessages, sendBuyerMessage } from '../../services/admin/buyer-service/buyer-messages.ts';
import { imageResponse } from '../chat.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { PRODUCT_REQUEST_STATUSES, type ProductRequestStatus } from '@domain/product-requests.ts';
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from '@domain/feedback.ts';
import {
  BUYER_MESSAGE_BODY_MAX,
  BUYER_MESSAGE_COMPANIES_MAX,
  BUYER_MESSAGE_LINK_MAX,
  BUYER_MESSAGE_TITLE_MAX,
  FEEDBACK_STATUSES,
  SERVICE_REPLY_MAX,
  type FeedbackStatus,
} from '@domain/buyer-service.ts';
import { requiredText } from '@domain/validators.ts';
import { safeInternalHref } from '@domain/safe-href.ts';

const searchText = z.preprocess(
  blank,
  z.string({ error: '搜索词无效' }).trim().max(50, { error: '搜索词最多50个字' }).optional(),
);
const replyText = requiredText('请填写回复内容', SERVICE_REPLY_MAX, `回复最多${SERVICE_REPLY_MAX}个字`);

// ---- 品种求购 ----

const requestQuery = z.object({
  status: z.preprocess(
    blank,
    z
      .enum(PRODUCT_REQUEST_STATUSES as [ProductRequestStatus, ...ProductRequestStatus[]], { error: '求购状态无效' })
      .optional(),
  ),
  q: searchText,
  ...pageParams,
});
const requestReply = z.object({
  reply: replyText,
  goods_id: z.preprocess(blank, idField('商品编号无效').optional()),
});

export const adminProductRequestRoutes = new Hono<AppEnv>();

adminProductRequestRoutes.get('/', allow(CONSOLE_ACCESS.productRequests), async (c) => {
  const q = readQuery(c, requestQuery);
  return ok(
    c,
    await searchProductRequests(c.get('deps').db, {
      status: q.status,
      q: q.q,
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});

adminProductRequestRoutes.get('/:id', allow(CONSOLE_ACCESS.productRequests), async (c) => {
  const id = objectId(c.req.param('id'), PRODUCT_REQUEST_NOT_FOUND);
  return ok(c, await getAdminProductRequest(c.get('deps').db, id));
});

adminProductRequestRoutes.post('/:id/reply', allow(CONSOLE_ACCESS.productRequests), async (c) => {
  const id = objectId(c.req.param('id'), PRODUCT_REQUEST_NOT_FOUND);
  const body = readInput(c, requestReply);
  const { db, clock } = c.get('deps');
  const saved = await answerProductRequest(
    db,
    actorOf(c),
    id,
    { reply: body.reply, goodsId: body.goods_id ?? null },
    clock(),
  );
  return ok(c, saved, body.goods_id === undefined ? '已回复' : '已标记为已上架');
});

// ---- 意见反馈 ----

const feedbackQuery = z.object({
  category: z.preprocess(
    blank,
    z.enum(FEEDBACK_CATEGORIES as [FeedbackCategory, ...FeedbackCategory[]], { error: '反馈类型无效' }).optional(),
  ),
  status: z.preprocess(
    blank,
    z.enum(FEEDBACK_STATUSES as [FeedbackStatus, ...FeedbackStatus[]], { error: '反馈状态无效' }).optional(),
  ),
  q: searchText,
  ...pageParams,
});

export const adminFeedbackRoutes = new Hono<AppEnv>();

adminFeedbackRoutes.get('/', allow(CONSOLE_ACCESS.feedback), async (c) => {
  const q = readQuery(c, feedbackQuery);
  return ok(
    c,
    await searchFeedback(c.get('deps').db, {
      category: q.category,
      status: q.status,
      q: q.q,
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});

// Before '/:id' so 'photo' is never read as an id.
adminFeedbackRoutes.get('/photo/:id', allow(CONSOLE_ACCESS.feedback), async (c) => {
  const id = objectId(c.req.param('id'), '图片不存在');
  const file = await loadUpload(c.get('deps').db, id);
  // Only feedback screenshots: this route must not open other uploads (qualification files, chat).
  if (!file || file.purpose !== FEEDBACK_PHOTO_PURPOSE) throw notFound('图片不存在');
  return imageResponse(c, file);
});

adminFeedbackRoutes.get('/:id', allow(CONSOLE_ACCESS.feedback), async (c) => {
  const id = objectId(c.req.param('id'), FEEDBACK_NOT_FOUND);
  return ok(c, await getAdminFeedback(c.get('deps').db, id));
});

adminFeedbackRoutes.post('/:id/reply', allow(CONSOLE_ACCESS.feedback), async (c) => {
  const id = objectId(c.req.param('id'), FEEDBACK_NOT_FOUND);
  const { reply } = readInput(c, z.object({ reply: replyText }));
  const { db, clock } = c.get('deps');
  return ok(c, await answerFeedback(db, actorOf(c), id, reply, clock()), '已回复');
});

// ---- 消息推送 ----

const COMPANY_IDS = {
  empty: '请选择接收企业',
  tooMany: `一次最多发给${BUYER_MESSAGE_COMPANIES_MAX}家企业，更多请发给全部企业`,
  invalid: '企业编号无效',
  max: BUYER_MESSAGE_COMPANIES_MAX,
};

const messageBody = z.object({
  target: z.enum(['companies', 'all'], { error: '请选择接收范围' }),
  company_ids: z.unknown().optional(),
  title: requiredText('请填写标题', BUYER_MESSAGE_TITLE_MAX, `标题最多${BUYER_MESSAGE_TITLE_MAX}个字`),
  body: requiredText('请填写内容', BUYER_MESSAGE_BODY_MAX, `内容最多${BUYER_MESSAGE_BODY_MAX}个字`),
  link: z.preprocess(
    blank,
    z
      .string({ error: '链接无效' })
      .trim()
      .max(BUYER_MESSAGE_LINK_MAX, { error: `链接最多${BUYER_MESSAGE_LINK_MAX}个字符` })
      .optional(),
  ),
});

export const adminBuyerMessageRoutes = new Hono<AppEnv>();

adminBuyerMessageRoutes.get('/', allow(CONSOLE_ACCESS.buyerMessages), async (c) => {
  const q = readQuery(c, z.object(pageParams));
  return ok(c, await listSentBuyerMessages(c.get('deps').db, q.page ?? 1, q.page_size ?? PAGE_SIZE_DEFAULT));
});

adminBuyerMessageRoutes.post('/', allow(CONSOLE_ACCESS.buyerMessages), async (c) => {
  const v = readInput(c, messageBody);
  // A message opens a page of the shop: a same-site path only, never another site.
  let link: string | null = null;
  if (v.link !== undefined && v.link !== '') {
    link = safeInternalHref(v.link);
    if (link === null) throw validationError({ link: ['链接须为本站路径，如 /yhq'] });
  }
  const companyIds = v.target === 'companies' ? parseIdList(v.company_ids, 'company_ids', COMPANY_IDS) : [];
  const { db, clock } = c.get('deps');
  const result = await sendBuyerMessage(
    db,
    actorOf(c),
    { target: v.target, companyIds, title: v.title, body: v.body, link },
    clock(),
  );
  return ok(c, result, `已发送给${result.recipients}家企业`);
});
