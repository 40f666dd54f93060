// The chat rules shared by the frame, the console and the server (src/domain/chat.ts): reconnect
// backoff and the list preview of each kind of line.
import { describe, expect, it } from 'vitest';
import { chatPreview, reconnectDelayMs } from '../../src/domain/chat';

describe('reconnectDelayMs', () => {
  it('doubles from 1 s up to 30 s, within ±25% jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => reconnectDelayMs(a, 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(0, 0)).toBe(750);
    expect(reconnectDelayMs(20, 1)).toBe(37_500);
    expect(reconnectDelayMs(-3, 0.5)).toBe(1_000);
  });
});

describe('chatPreview', () => {
  it('names images and cards, shows text as it is', () => {
    expect(chatPreview({ kind: 'text', body: '你好', card: null })).toBe('你好');
    expect(chatPreview({ kind: 'image', body: '', card: null })).toBe('[图片]');
    expect(
      chatPreview({
        kind: 'goods',
        body: '',
        card: { type: 'goods', id: 1, name: '感冒灵颗粒', spec: '', price_text: '', image: '' },
      }),
    ).toBe('[商品] 感冒灵颗粒');
    expect(
      chatPreview({
        kind: 'order',
        body: '',
        card: { type: 'order', id: 1, sn: 'A1', amount_text: '', status_text: '', created_at: 0 },
      }),
    ).toBe('[订单] A1');
  });
});
