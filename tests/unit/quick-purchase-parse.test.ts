// The pasted-list parser (src/domain/quick-purchase.ts) and its in-memory matcher
// (src/domain/quick-purchase-match.ts): what a line from Excel, a CSV or a USB scanner says.
import { describe, expect, it } from 'vitest';
import {
  MAX_PASTE_LINE_CHARS,
  PASTE_LINE_NO_GOODS,
  PASTE_LINE_TOO_LONG,
  approvalCore,
  isHistoryOrder,
  parsePastedList,
  queryShape,
  tooManyLines,
} from '../../src/domain/quick-purchase';
import {
  matchLinesLocally,
  matchQuery,
  normaliseSpec,
  type MatchCandidate,
} from '../../src/domain/quick-purchase-match';
import { makeGoods } from '../component/goods-fixtures';

describe('parsePastedList', () => {
  it('reads tab-separated cells as Excel copies them, the last number being the quantity', () => {
    const lines = parsePastedList('阿莫西林胶囊\t0.25g*24粒\t10\r\n感冒灵颗粒\t5\n');
    expect(lines).toEqual([
      {
        line: 1,
        raw: '阿莫西林胶囊\t0.25g*24粒\t10',
        query: '阿莫西林胶囊 0.25g*24粒',
        number: 10,
        numberGiven: true,
        problem: null,
      },
      { line: 2, raw: '感冒灵颗粒\t5', query: '感冒灵颗粒', number: 5, numberGiven: true, problem: null },
    ]);
  });

  it('takes commas (also full-width), semicolons and runs of spaces as separators', () => {
    expect(parsePastedList('板蓝根颗粒,3').map((l) => [l.query, l.number])).toEqual([['板蓝根颗粒', 3]]);
    expect(parsePastedList('板蓝根颗粒，3').map((l) => [l.query, l.number])).toEqual([['板蓝根颗粒', 3]]);
    expect(parsePastedList('板蓝根颗粒   10g*20袋 ; 7').map((l) => [l.query, l.number])).toEqual([
      ['板蓝根颗粒 10g*20袋', 7],
    ]);
  });

  it('accepts a packing unit after the quantity', () => {
    expect(parsePastedList('板蓝根颗粒 12盒')[0]).toMatchObject({ query: '板蓝根颗粒', number: 12, numberGiven: true });
  });

  it('a lone code is the query with quantity 1 (a USB scanner types a barcode and Enter)', () => {
    expect(parsePastedList('6901234567892')[0]).toMatchObject({
      query: '6901234567892',
      number: 1,
      numberGiven: false,
    });
    expect(parsePastedList('6901234567892 4')[0]).toMatchObject({ query: '6901234567892', number: 4 });
    // A barcode in the last cell is not a quantity (more than 7 digits).
    expect(parsePastedList('阿莫西林 6901234567892')[0]).toMatchObject({ query: '阿莫西林 6901234567892', number: 1 });
  });

  it('skips blank lines but keeps the pasted line numbers', () => {
    expect(parsePastedList('\n\nA药 1\n   \nB药 2').map((l) => l.line)).toEqual([3, 5]);
  });

  it('removes control, zero-width and bidi characters', () => {
    const [l] = parsePastedList('\u202e感冒\u200b灵颗粒\u0007 2');
    expect(l).toMatchObject({ query: '感冒灵颗粒', number: 2, problem: null });
  });

  it('flags an over-long line and a line with only a quantity-like unit', () => {
    const long = '药'.repeat(MAX_PASTE_LINE_CHARS + 1);
    expect(parsePastedList(long)[0].problem).toBe(PASTE_LINE_TOO_LONG);
    expect(parsePastedList(',,,')).toEqual([]);
    expect(parsePastedList('\t\t')).toEqual([]);
    expect(PASTE_LINE_NO_GOODS).toMatch(/商品名称/);
  });

  it('counts lines for the 1,000-line limit', () => {
    const text = Array.from({ length: 1001 }, (_, i) => `药品${i} 1`).join('\n');
    expect(tooManyLines(parsePastedList(text))).toBe(true);
    expect(tooManyLines(parsePastedList(text.split('\n').slice(0, 1000).join('\n')))).toBe(false);
  });
});

describe('queryShape', () => {
  it('tells codes, barcodes, approval numbers and text apart', () => {
    expect(queryShape('6901234567892')).toBe('barcode');
    expect(queryShape('123')).toBe('code');
    expect(queryShape('国药准字H20003263')).toBe('approval');
    expect(queryShape('h20003263')).toBe('approval');
    expect(queryShape('感冒灵颗粒')).toBe('text');
    expect(approvalCore('国药准字 h20003263')).toBe('H20003263');
  });

  it('knows the history orders', () => {
    expect(isHistoryOrder('times_desc')).toBe(true);
    expect(isHistoryOrder('last_at_asc')).toBe(true);
    expect(isHistoryOrder('times')).toBe(false);
    expect(isHistoryOrder('id_desc')).toBe(false);
  });
});

describe('matchQuery (device)', () => {
  const cands: MatchCandidate[] = [
    {
      item: makeGoods({
        id: 1,
        common_name: '',
        name: '阿莫西林胶囊',
        ypgg: '0.25g*24粒',
        approval_no: '国药准字H20003263',
        sales: 5,
      }),
      barcode: '6901234567892',
    },
    {
      item: makeGoods({
        id: 2,
        common_name: '',
        name: '阿莫西林胶囊',
        ypgg: '0.5g*12粒',
        approval_no: '国药准字H20003264',
        sales: 9,
      }),
    },
    {
      item: makeGoods({
        id: 3,
        common_name: '',
        name: '感冒灵颗粒',
        ypgg: '10g*9袋',
        approval_no: '国药准字Z44021940',
        sales: 1,
      }),
    },
    { item: makeGoods({ id: 4, common_name: '', name: '小儿感冒颗粒', ypgg: '6g*10袋', sales: 7 }) },
  ];

  it('matches codes, barcodes and approval numbers exactly', () => {
    expect(matchQuery('3', cands)).toMatchObject({ match: { id: 3 }, method: 'code' });
    expect(matchQuery('6901234567892', cands)).toMatchObject({ match: { id: 1 }, method: 'barcode' });
    expect(matchQuery('H20003264', cands)).toMatchObject({ match: { id: 2 }, method: 'approval' });
  });

  it('name + spec decides between equally named goods; spec written loosely', () => {
    expect(matchQuery('阿莫西林胶囊 0.5G×12粒', cands)).toMatchObject({ match: { id: 2 }, method: 'name_spec' });
    expect(normaliseSpec('0.25g × 24 粒')).toBe('0.25g*24粒');
  });

  it('an ambiguous name offers both and matches none, unless one was bought before', () => {
    const m = matchQuery('阿莫西林胶囊', cands);
    expect(m.match).toBeNull();
    expect(m.alternatives.map((g) => g.id)).toEqual([2, 1]);
    expect(matchQuery('阿莫西林胶囊', cands, new Set([1]))).toMatchObject({ match: { id: 1 }, method: 'name' });
  });

  it('falls back to the search ranking, and unknown lines match nothing', () => {
    const m = matchQuery('感冒', cands);
    expect(m).toMatchObject({ match: { id: 3 }, method: 'search' });
    expect(m.alternatives.map((g) => g.id)).toEqual([4]);
    expect(matchQuery('不存在的药', cands)).toEqual({ match: null, method: null, alternatives: [] });
  });

  it('keeps lines with a problem unmatched', () => {
    const lines = parsePastedList(`${'药'.repeat(MAX_PASTE_LINE_CHARS + 1)}\n感冒灵颗粒 2`);
    const out = matchLinesLocally(lines, cands);
    expect(out[0]).toMatchObject({ match: null, problem: PASTE_LINE_TOO_LONG });
    expect(out[1]).toMatchObject({ match: { id: 3 }, number: 2 });
  });
});
