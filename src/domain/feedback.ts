// 意见反馈 (/yjfk) and 投诉建议 (/help/us/tsjy), POST and GET /api/user/feedback: the form's rules
// for the page and the server, and the wire shape. Screenshots follow the after-sales photo limits.
import { z } from 'zod';
import { isEmail, isPhone } from './formats';
import { AFTER_SALE_PHOTO_MAX_BYTES, AFTER_SALE_PHOTOS_MAX } from './orders-after-sale';
import { optionalText, requiredText } from './validators';

export type FeedbackCategory = 'product' | 'service' | 'delivery' | 'website' | 'complaint' | 'other';
export const FEEDBACK_CATEGORIES: readonly FeedbackCategory[] = [
  'product',
  'service',
  'delivery',
  'website',
  'complaint',
  'other',
];
export const FEEDBACK_CATEGORY_TEXT: Record<FeedbackCategory, string> = {
  product: '商品建议',
  service: '服务建议',
  delivery: '物流配送',
  website: '网站使用',
  complaint: '投诉',
  other: '其他',
};

export const FEEDBACK_CONTENT_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 50;
export const FEEDBACK_PHOTOS_MAX = AFTER_SALE_PHOTOS_MAX;
export const FEEDBACK_PHOTO_MAX_BYTES = AFTER_SALE_PHOTO_MAX_BYTES;

export const FEEDBACK_MESSAGES = {
  category: '请选择反馈类型',
  content: '请填写反馈内容',
  contact: '联系方式须为手机号、固定电话（如 010-12345678）或邮箱',
} as const;

/** POST /api/user/feedback's text fields (photos[] are checked as uploads on the server). */
export const feedbackInput = z.object({
  category: z.enum(FEEDBACK_CATEGORIES as [FeedbackCategory, ...FeedbackCategory[]], {
    error: FEEDBACK_MESSAGES.category,
  }),
  content: requiredText(FEEDBACK_MESSAGES.content, FEEDBACK_CONTENT_MAX, `反馈内容最多${FEEDBACK_CONTENT_MAX}个字符`),
  // SPEC §5: a contact is a mobile, a landline or an e-mail; none at all is fine.
  contact: optionalText(FEEDBACK_CONTACT_MAX, FEEDBACK_MESSAGES.contact).refine(
    (v) => v === '' || isPhone(v) || isEmail(v),
    {
      error: FEEDBACK_MESSAGES.contact,
    },
  ),
});
export type FeedbackInput = z.output<typeof feedbackInput>;

export interface FeedbackItem {
  id: number;
  category: FeedbackCategory;
  category_text: string;
  content: string;
  contact: string;
  /** GET /api/upload/{id} addresses of the screenshots. */
  photos: string[];
  reply: string;
  replied_at: number | null;
  created_at: number;
}
