// Capital-numeral amounts (大写金额) for invoices: src/domain/money-words.ts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toChineseCapitalAmount as words } from '../../src/domain/money-words';

describe('toChineseCapitalAmount', () => {
  it('writes the examples of the brief', () => {
    expect(words(0)).toBe('零圆整');
    expect(words(100)).toBe('壹圆整');
    expect(words(123_456)).toBe('壹仟贰佰叁拾肆圆伍角陆分');
    expect(words(10_005)).toBe('壹佰圆零伍分');
    expect(words(1_000_000)).toBe('壹万圆整');
  });

  it('collapses zeros inside the number and across 万/亿 groups', () => {
    expect(words(1001_00)).toBe('壹仟零壹圆整');
    expect(words(1010_00)).toBe('壹仟零壹拾圆整');
    expect(words(10_00)).toBe('壹拾圆整');
    expect(words(10_0000_00)).toBe('壹拾万圆整');
    expect(words(10_0010_00)).toBe('壹拾万零壹拾圆整');
    expect(words(1_0005_00)).toBe('壹万零伍圆整');
    expect(words(1_0000_0001_00)).toBe('壹亿零壹圆整');
    expect(words(1_0001_0000_00)).toBe('壹亿零壹万圆整');
    expect(words(1_1000_0000_00)).toBe('壹亿壹仟万圆整');
    expect(words(1_0000_1000_0000_00)).toBe('壹万亿零壹仟万圆整');
  });

  it('writes 角 and 分, with 零 before 分 when 角 is zero, and no 整 after them', () => {
    expect(words(50)).toBe('伍角');
    expect(words(5)).toBe('伍分');
    expect(words(1050)).toBe('壹拾圆伍角');
    expect(words(1005)).toBe('壹拾圆零伍分');
    expect(words(1234_56)).toBe('壹仟贰佰叁拾肆圆伍角陆分');
  });

  it('covers every safe amount and refuses the rest', () => {
    expect(words(Number.MAX_SAFE_INTEGER)).toBe('玖拾万亿零柒佰壹拾玖亿玖仟贰佰伍拾肆万柒仟肆佰零玖圆玖角壹分');
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => words(bad)).toThrow(RangeError);
  });

  it('never doubles or dangles a zero, and ends in 整 exactly for whole yuan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 15 }), (fen) => {
        const w = words(fen);
        expect(w).not.toMatch(/零零|零圆|零[万亿]|^零/);
        expect(w.endsWith('整')).toBe(fen % 100 === 0);
        expect(w).toMatch(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿圆角分整]+$/);
      }),
    );
  });
});
