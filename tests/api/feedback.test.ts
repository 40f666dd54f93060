// 意见反馈: POST /api/user/feedback (form or multipart with photos[] under the after-sales photo
// limits; SPEC §5 contact formats), GET /api/user/feedback (paging, the company's own, replies),
// screenshots served to the owner only, visitors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, type Buyer } from '../fixtures/catalogue.ts';
import { feedback, uploads } from '../../server/db/schema.ts';
import { replyFeedback } from '../../server/services/feedback/feedback.ts';
import type { FeedbackItem } from '../../src/domain/feedback.ts';
import type { Page } from '../../src/domain/envelope.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = new Uint8Array([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([1, 0, 1, 0]));

let t: TestApp;
let buyer: Buyer;
let other: Buyer;

function form(fields: Record<string, string>, photos: Uint8Array[] = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [i, p] of photos.entries()) f.append('photos[]', new Blob([new Uint8Array(p)]), `shot${i}.png`);
  return f;
}
const send = (b: Buyer | null, fields: Record<string, string>, photos: Uint8Array[] = []) =>
  t.call('POST', '/api/user/feedback', { form: form(fields, photos), cookie: b?.cookie });
const list = (b: Buyer, query = '') =>
  t.call<Page<FeedbackItem>>('GET', `/api/user/feedback${query}`, { cookie: b.cookie });
const counts = async () => ({
  feedback: (await t.db.select({ n: count() }).from(feedback))[0].n,
  uploads: (await t.db.select({ n: count() }).from(uploads))[0].n,
});

beforeAll(async () => {
  t = await createTestApp();
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  other = await insertBuyer(t.db, 'pending', t.clock.now());
});
afterAll(() => t.close());

describe('POST /api/user/feedback', () => {
  let created: FeedbackItem;

  it('stores feedback with screenshots, served to the company only', async () => {
    const res = await send(buyer, { category: 'delivery', content: '配送太慢了', contact: '13800138000' }, [PNG, JPEG]);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('感谢您的反馈，我们会尽快回复');
    created = res.body.data;
    expect(created).toMatchObject({
      category: 'delivery',
      category_text: '物流配送',
      content: '配送太慢了',
      contact: '13800138000',
      reply: '',
    });
    expect(created.photos).toHaveLength(2);
    const img = await t.app.request(created.photos[0], { headers: { cookie: buyer.cookie } });
    expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await t.call('GET', created.photos[0], { cookie: other.cookie })).status).toBe(404);
  });

  it('takes a plain form body (the offline outbox sends one) and any SPEC §5 contact', async () => {
    for (const contact of ['', '010-12345678', 'shop_1@example.com']) {
      const res = await t.call('POST', '/api/user/feedback', {
        body: { category: 'other', content: '建议增加夜间配送', contact },
        cookie: other.cookie,
      });
      expect([res.status, res.body.data.contact]).toEqual([200, contact]);
    }
  });

  it.each([
    [{ content: '好' }, 'category', '请选择反馈类型'],
    [{ category: 'spam', content: '好' }, 'category', '请选择反馈类型'],
    [{ category: 'other' }, 'content', '请填写反馈内容'],
    [{ category: 'other', content: 'x'.repeat(501) }, 'content', '反馈内容最多500个字符'],
    [
      { category: 'other', content: '好', contact: '12345' },
      'contact',
      '联系方式须为手机号、固定电话（如 010-12345678）或邮箱',
    ],
  ])('refuses %o with 422 on %s and stores nothing', async (fields, field, msg) => {
    const before = await counts();
    const res = await send(buyer, fields as Record<string, string>, [PNG]);
    expect([res.status, res.body.msg]).toEqual([422, msg]);
    expect(res.body.data.errors[field]).toEqual([msg]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a GIF, more than 6 screenshots or one over 5 MB, storing nothing', async () => {
    const before = await counts();
    const fields = { category: 'website', content: '截图' };
    expect((await send(buyer, fields, [PNG, GIF])).body.msg).toBe('图片仅支持JPG、PNG、WEBP格式');
    expect(
      (
        await send(
          buyer,
          fields,
          Array.from({ length: 7 }, () => PNG),
        )
      ).body.msg,
    ).toBe('最多上传6张图片');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await send(buyer, fields, [big])).body.msg).toBe('单张图片不能超过5MB');
    expect(await counts()).toEqual(before);
  });

  it('asks a visitor to sign in (10001)', async () => {
    expect((await send(null, { category: 'other', content: '好' })).body.code).toBe(10001);
  });

  it("lists the company's own feedback with replies, newest first, paged", async () => {
    t.clock.advance(1000);
    for (let i = 1; i <= 10; i++) await send(buyer, { category: 'product', content: `第${i}条` });
    await replyFeedback(t.db, created.id, '已安排加急配送', t.clock.now());
    const p1 = await list(buyer);
    expect(p1.body.data).toMatchObject({ total: 11, page: 1, page_size: 10 });
    expect(p1.body.data.list[0].content).toBe('第10条');
    const p2 = await list(buyer, '?page=2');
    expect(p2.body.data.list).toMatchObject([{ id: created.id, reply: '已安排加急配送', photos: created.photos }]);
    expect(p2.body.data.list[0].replied_at).not.toBeNull();
    expect((await list(other)).body.data.list.every((f) => f.id !== created.id)).toBe(true);
    expect((await list(buyer, '?page=abc')).status).toBe(422);
    expect((await t.call('GET', '/api/user/feedback')).body.code).toBe(10001);
  });
});
