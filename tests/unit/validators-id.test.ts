// 18-character ID card numbers for the 含麻黄碱 receipt (src/domain/validators-id.ts, on the shared
// rules of src/domain/id-card.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyerNameMessage,
  ID_CARD_MESSAGES,
  idCardCheckChar,
  idCardMessage,
  isValidIdCard,
  normalizeIdCard,
} from '../../src/domain/validators-id';

const NOW = new Date('2026-03-01T00:00:00Z');
/** The GB 11643 standard's examples and a few with their check characters worked out. */
const VALID = [
  '11010519491231002X',
  '440524188001010014',
  '110101199003074477',
  '440305200002291232',
  '440106198510123011',
];

/** An ID born on `ymd` with its own check character. */
function idBornOn(ymd: string, region = '440305', seq = '123'): string {
  const first17 = `${region}${ymd}${seq}`;
  return first17 + idCardCheckChar(first17);
}

describe('ID card numbers', () => {
  it('computes the check character of the standard examples', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
    for (const id of VALID) expect(isValidIdCard(id, NOW), id).toBe(true);
  });

  it('accepts a lower-case x and surrounding spaces', () => {
    expect(isValidIdCard('11010519491231002x', NOW)).toBe(true);
    expect(isValidIdCard(' 11010519491231002X ', NOW)).toBe(true);
    expect(normalizeIdCard(' 11010519491231002x ')).toBe('11010519491231002X');
  });

  it('refuses a wrong check character, length, region, alphabet or birth date', () => {
    for (const bad of [
      '110105194912310021', // wrong check character
      '11010519491231002', // 17
      '11010519491231002XX', // 19
      '010105194912310028', // region cannot start with 0
      '11010519491231A02X', // letter inside
      '110105194902300028', // 30 February
      '110105199013010015', // month 13
      '11010519491231002Y',
      '',
    ])
      expect(isValidIdCard(bad, NOW), bad).toBe(false);
    // 2000 is a leap year, 1900 is not.
    expect(isValidIdCard(idBornOn('20000229'), NOW)).toBe(true);
    expect(isValidIdCard(idBornOn('19000229'), NOW)).toBe(false);
  });

  it('refuses buyers born in the future or not yet 18', () => {
    expect(isValidIdCard(idBornOn('20270101'), NOW)).toBe(false);
    expect(isValidIdCard(idBornOn('20080302'), NOW)).toBe(false); // 18 tomorrow
    expect(isValidIdCard(idBornOn('20080301'), NOW)).toBe(true); // 18 today
  });

  it('accepts every adult number built with its own check character and refuses any other check character', () => {
    const digits = (n: number) =>
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));
    const birth = fc.date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2008-02-28T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), digits(5), birth, digits(3), (head, region, date, seq) => {
        const ymd = date.toISOString().slice(0, 10).replaceAll('-', '');
        const first17 = `${head}${region}${ymd}${seq}`;
        const check = idCardCheckChar(first17);
        expect(isValidIdCard(first17 + check, NOW)).toBe(true);
        for (const other of '0123456789X') if (other !== check) expect(isValidIdCard(first17 + other, NOW)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the form the same Chinese messages as the server', () => {
    expect(idCardMessage('', NOW)).toBe(ID_CARD_MESSAGES.required);
    expect(idCardMessage('   ', NOW)).toBe('请输入身份证号码');
    expect(idCardMessage('123', NOW)).toBe('请输入18位身份证号码');
    expect(idCardMessage('110105194912310021', NOW)).toBe('身份证号码校验位不正确');
    expect(idCardMessage(idBornOn('20100101'), NOW)).toBe('购药人须年满18周岁');
    expect(idCardMessage('11010519491231002X', NOW)).toBeNull();
  });
});

describe('buyer name', () => {
  it('takes 2-20 letters of a real name', () => {
    expect(buyerNameMessage('')).toBe('请输入购药人姓名');
    expect(buyerNameMessage('王')).toBe('请输入购药人真实姓名（2-20个字）');
    expect(buyerNameMessage('王小明1')).toBe('请输入购药人真实姓名（2-20个字）');
    expect(buyerNameMessage(' 王小明 ')).toBeNull();
    expect(buyerNameMessage('阿依古丽·买买提')).toBeNull();
  });
});
