// The 药品追溯码 rule (20 digits, typed forms normalised), one line's problems, and the receipt
// check (扫码验货): in the shipment, not in it, scanned twice, not a code; what is still missing.
import { describe, expect, it } from 'vitest';
import {
  checkReceipt,
  lineCodeProblems,
  normalizeTraceCode,
  traceCodeProblem,
  tooManyCodes,
} from '../../src/domain/trace-codes';

const A = '81000000000000011234';
const B = '81000000000000021234';
const C = '81000000000000031234';
const FOREIGN = '83999999999999999999';

describe('a trace code', () => {
  it('is 20 ASCII digits; full-width digits, spaces and hyphens are normalised away', () => {
    expect(traceCodeProblem(A)).toBeNull();
    expect(normalizeTraceCode('８１００００００ 0000-0001 1234')).toBe(A);
    expect(traceCodeProblem('8100000000000001123')).toBe(
      '追溯码8100000000000001123格式不正确：应为20位数字（当前19位）',
    );
    expect(traceCodeProblem('810000000000000112345')).toBe(
      '追溯码810000000000000112345格式不正确：应为20位数字（当前21位）',
    );
    expect(traceCodeProblem('8100000000000001123A')).toBe('追溯码8100000000000001123A格式不正确：只能包含数字');
    expect(traceCodeProblem('')).toBe('追溯码不能为空');
  });

  it('a line carries at most one code per unit and no code twice', () => {
    expect(tooManyCodes(3, 3)).toBeNull();
    expect(tooManyCodes(4, 3)).toBe('追溯码数量（4）超过发货数量（3）');
    expect([...lineCodeProblems([A, B, A, 'x'])]).toEqual([
      [2, `追溯码${A}重复`],
      [3, '追溯码x格式不正确：只能包含数字'],
    ]);
    expect([...lineCodeProblems([C], new Set([C]))]).toEqual([[0, `追溯码${C}重复`]]);
  });
});

describe('扫码验货', () => {
  const shipped = [
    { code: A, line_id: 1, name: '阿莫西林胶囊' },
    { code: B, line_id: 1, name: '阿莫西林胶囊' },
    { code: C, line_id: 2, name: '感冒灵颗粒' },
  ];

  it('flags a code not in the shipment and one scanned twice, and lists what is missing', () => {
    const check = checkReceipt(shipped, [A, FOREIGN, A, ` ${C} `, 'abc']);
    expect(check.scans.map((s) => [s.code, s.verdict, s.name])).toEqual([
      [A, 'ok', '阿莫西林胶囊'],
      [FOREIGN, 'foreign', null],
      [A, 'repeat', '阿莫西林胶囊'],
      [C, 'ok', '感冒灵颗粒'],
      ['abc', 'invalid', null],
    ]);
    expect(check.missing.map((m) => m.code)).toEqual([B]);
    expect(check).toMatchObject({ matched: 2, total: 3 });
  });

  it('a foreign code scanned twice is flagged as repeated the second time; all scanned leaves nothing missing', () => {
    const check = checkReceipt(shipped, [FOREIGN, FOREIGN, A, B, C]);
    expect(check.scans.map((s) => s.verdict)).toEqual(['foreign', 'repeat', 'ok', 'ok', 'ok']);
    expect(check.missing).toEqual([]);
    expect(check.matched).toBe(3);
  });
});
