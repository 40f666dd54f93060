// SPEC §5 validation rules shared by forms and the API (src/domain/validators.ts).
import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  creditCodeSchema,
  flagSchema,
  isCreditCode,
  isEmail,
  isLandline,
  isMobile,
  isPassword,
  isPhone,
  isUsername,
  mobileSchema,
  passwordSchema,
} from '../../src/domain/validators';

describe('phone numbers', () => {
  it('accepts 11-digit mobiles starting 13-19', () => {
    for (const ok of ['13800138000', '19912345678', '15011112222']) expect(isMobile(ok)).toBe(true);
    for (const bad of ['12800138000', '1380013800', '138001380000', '23800138000', '1380013800a', ' 13800138000'])
      expect(isMobile(bad)).toBe(false);
  });

  // SPEC §5's "area code of 2-3 digits" read as the digits after the trunk 0, kept stricter on
  // purpose (docs/decisions/landline-format.md): 20-12345678 cannot be dialled from another city.
  it('accepts landlines as 0 + 2-3 digit area code, hyphen, 7-8 digits', () => {
    for (const ok of ['010-12345678', '020-1234567', '0755-12345678', '0755-1234567'])
      expect(isLandline(ok)).toBe(true);
    for (const bad of [
      '20-12345678',
      '12-1234567',
      '01-1234567',
      '07555-1234567',
      '020-123456',
      '020-123456789',
      '02012345678',
    ])
      expect(isLandline(bad)).toBe(false);
    expect(isPhone('020-12345678')).toBe(true);
    expect(isPhone('13800138000')).toBe(true);
  });

  it('gives the Chinese messages', () => {
    expect(mobileSchema.safeParse('123').error?.issues[0].message).toBe('请输入正确的手机号码');
    expect(mobileSchema.safeParse('').error?.issues[0].message).toBe('请输入手机号码');
    expect(mobileSchema.safeParse(undefined).error?.issues[0].message).toBe('请输入手机号码');
    expect(mobileSchema.parse(' 13800138000 ')).toBe('13800138000');
  });
});

describe('e-mail', () => {
  it('follows SPEC §5 literally', () => {
    for (const ok of ['a@b.cn', 'wang_li-1@kang-yuan.com.cn']) expect(isEmail(ok)).toBe(true);
    for (const bad of ['a@b', 'a.b@c.cn', '@b.cn', 'a@b.', 'a@.cn', 'a b@c.cn']) expect(isEmail(bad)).toBe(false);
  });
});

describe('account fields', () => {
  it('usernames are 4-20 letters, digits, _ or -', () => {
    for (const ok of ['demo', 'chain-a', 'Store_01', 'a'.repeat(20)]) expect(isUsername(ok)).toBe(true);
    for (const bad of ['abc', 'a'.repeat(21), '张三药房', 'a b c d', 'x@y.cn']) expect(isUsername(bad)).toBe(false);
  });

  it('passwords are 6-64 printable characters with at least one letter and one digit (issue 29 §3)', () => {
    const ok = [
      'demo1234',
      'A1b2c3',
      'a'.repeat(19) + '1',
      'demo 1234',
      'demo1234!',
      'a'.repeat(20) + '1',
      'a'.repeat(63) + '1',
      '康源医药2026',
      'Pa$$w0rd "引号" — ok',
    ];
    for (const v of ok) expect(isPassword(v), v).toBe(true);
    const bad = [
      'abc12',
      '123456',
      'abcdef',
      '!@#$%^&*',
      'a'.repeat(64) + '1',
      'abc\u00001234',
      'abc\t1234',
      'abc\n1234',
      'abc\u200b1234',
    ];
    for (const v of bad) expect(isPassword(v), JSON.stringify(v)).toBe(false);
    // 64 counts characters, not UTF-16 units: 63 CJK characters and a digit fit.
    expect(isPassword('药'.repeat(63) + '1')).toBe(true);
    expect(passwordSchema.safeParse('123456').error?.issues[0].message).toBe(
      '密码为6-64位，须同时包含字母和数字，可使用符号',
    );
  });
});

describe('统一社会信用代码', () => {
  it('checks alphabet, length and the GB 32100 check character', () => {
    const first17 = '91440300MA5D0K7X3';
    const valid = first17 + creditCodeCheckChar(first17);
    expect(isCreditCode(valid)).toBe(true);
    const wrongCheck = first17 + (valid[17] === '0' ? '1' : '0');
    expect(isCreditCode(wrongCheck)).toBe(false);
    expect(isCreditCode(valid.slice(0, 17))).toBe(false);
    expect(isCreditCode('91440300MA5D0K7XI' + 'I')).toBe(false);
    expect(creditCodeSchema.parse(valid.toLowerCase())).toBe(valid);
  });

  it('accepts a published real code', () => {
    // 华为技术有限公司
    expect(isCreditCode('914403001922038216')).toBe(true);
  });
});

describe('flagSchema', () => {
  it('reads form flags', () => {
    expect(flagSchema.parse('1')).toBe(1);
    expect(flagSchema.parse(1)).toBe(1);
    expect(flagSchema.parse('true')).toBe(1);
    expect(flagSchema.parse('0')).toBe(0);
    expect(flagSchema.parse(undefined)).toBe(0);
    expect(flagSchema.safeParse('yes').success).toBe(false);
  });
});
