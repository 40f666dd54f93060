// Request parameter helpers shared by the routes (server/http/params.ts).
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/http/envelope.ts';
import { objectId, parseIdList, positiveId, type IdListRule } from '../../server/http/params.ts';

const RULE: IdListRule = { empty: '请选择商品', tooMany: '一次最多选择3个商品', invalid: '商品编号无效', max: 3 };

/** The AppError `fn` throws, as status, message and field errors. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, msg: err.message, data: err.data };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('parseIdList', () => {
  it('takes arrays, comma lists and single ids, de-duplicated in order', () => {
    expect(parseIdList(['3', 1, ' 2 '], 'ids', RULE)).toEqual([3, 1, 2]);
    expect(parseIdList('5,5,,6', 'ids', RULE)).toEqual([5, 6]);
    expect(parseIdList(7, 'ids', RULE)).toEqual([7]);
  });

  it('refuses nothing, too many and malformed ids with the rule’s message on the field', () => {
    for (const raw of [undefined, '', [], { a: 1 }]) {
      expect(refusal(() => parseIdList(raw, 'goods_ids', RULE))).toEqual({
        status: 422,
        msg: '请选择商品',
        data: { errors: { goods_ids: ['请选择商品'] } },
      });
    }
    expect(refusal(() => parseIdList([1, 2, 3, 4], 'ids', RULE)).msg).toBe('一次最多选择3个商品');
    for (const raw of [['abc'], [0], [1.5], ['2147483648'], "1' OR '1'='1"]) {
      expect(refusal(() => parseIdList(raw, 'ids', RULE)).msg, JSON.stringify(raw)).toBe('商品编号无效');
    }
  });
});

describe('path ids', () => {
  it('positiveId: digits within the integer range, else 422 on the field', () => {
    expect(positiveId('42', 'id', '文章编号无效')).toBe(42);
    for (const raw of [undefined, '0', '-1', '1e3', '2147483648', ' 4']) {
      expect(
        refusal(() => positiveId(raw, 'id', '文章编号无效')),
        String(raw),
      ).toMatchObject({ status: 422, msg: '文章编号无效' });
    }
  });

  it('objectId: a malformed id names nothing, so it is the same 404 as a missing object', () => {
    expect(objectId('12', '收货地址不存在')).toBe(12);
    expect(refusal(() => objectId('abc', '收货地址不存在'))).toMatchObject({ status: 404, msg: '收货地址不存在' });
    expect(refusal(() => objectId('1234567890', '收货地址不存在'))).toMatchObject({ status: 404 });
  });
});
