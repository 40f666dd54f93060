// The /wdxx search schema: what the URL may say, what a hand-edited one falls back to, and the
// href builder writing only what differs from the defaults (so the two round-trip).
import { describe, expect, it } from 'vitest';
import { messagesHref, messagesSearch } from '../../src/features/messages/messages-search-schema';
import { messageLinkText } from '../../src/features/messages/message-link';

describe('messagesSearch', () => {
  it('reads kind, read filter and page', () => {
    expect(messagesSearch({ kind: 'order', status: 'unread', page: 2 })).toEqual({
      kind: 'order',
      status: 'unread',
      page: 2,
    });
    expect(messagesSearch({ page: '3' })).toEqual({ kind: 'all', status: 'all', page: 3 });
  });

  it('falls back to the defaults for anything else', () => {
    for (const raw of [
      null,
      'x',
      [],
      { kind: 'coupon', status: 'new', page: 0 },
      { kind: ['<b>'], page: '1e3' },
      { page: -1 },
      { page: 10_001 },
    ]) {
      expect(messagesSearch(raw)).toEqual({ kind: 'all', status: 'all', page: 1 });
    }
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(messagesHref({ kind: 'all', status: 'all', page: 1 })).toBe('/wdxx');
    const s = { kind: 'promotion', status: 'read', page: 4 } as const;
    const href = messagesHref(s);
    expect(href).toBe('/wdxx?kind=promotion&status=read&page=4');
    expect(messagesSearch(Object.fromEntries(new URL(href, 'http://x').searchParams))).toEqual(s);
  });
});

describe('messageLinkText', () => {
  it('names the pages the server links to', () => {
    expect(messageLinkText('/order/afterSalesInfo/7')).toBe('查看售后详情');
    expect(messageLinkText('/order/info/12')).toBe('查看订单');
    expect(messageLinkText('/order?tab=paid')).toBe('查看订单');
    expect(messageLinkText('/yhq')).toBe('查看我的券');
    expect(messageLinkText('/zzzj')).toBe('查看资质证件');
    expect(messageLinkText('/lqzx')).toBe('查看详情');
  });
});
