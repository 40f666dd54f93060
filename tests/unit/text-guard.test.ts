// The boundary's text rules (server/http/text-guard.ts): what may be stored, and how a refusal names
// the field.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertCleanInput, textProblem } from '../../server/http/text-guard.ts';

function refusal(input: unknown) {
  try {
    assertCleanInput(input);
    return null;
  } catch (err) {
    return err as { status: number; message: string; data: { errors: Record<string, string[]> } };
  }
}

describe('textProblem', () => {
  it('accepts ordinary Chinese, Latin, emoji and punctuation', () => {
    for (const ok of ['感冒灵颗粒 10g*9袋', '国药准字Z44021940', '👍 好', 'O\'Brien "x" <b> % _ \\\\', '']) {
      expect(textProblem(ok, false)).toBeNull();
    }
  });

  it('refuses NUL and every C0 control in a single-line value', () => {
    for (let code = 0; code < 0x20; code++) {
      expect(textProblem(`a${String.fromCharCode(code)}b`, false)).toBe('内容包含不支持的控制字符');
    }
    expect(textProblem('a\u007fb', false)).not.toBeNull();
  });

  it('lets tab, CR and LF through only in multi-line values', () => {
    expect(textProblem('第一行\r\n第二行\t完', true)).toBeNull();
    expect(textProblem('第一行\r\n第二行', false)).not.toBeNull();
    expect(textProblem('a\u0000b', true)).not.toBeNull();
  });

  it('refuses lone surrogates anywhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0xd800, max: 0xdfff }), fc.string(), (code, text) => {
        expect(textProblem(`${text}${String.fromCharCode(code)}`, true)).toBe('内容包含无法识别的字符');
      }),
    );
  });
});

describe('assertCleanInput', () => {
  it('names the nested field of the first bad value in a 422', () => {
    const err = refusal({ params: [{ goods_id: '1' }, { goods_id: '2\u0000' }] });
    expect(err).toMatchObject({ status: 422, message: '内容包含不支持的控制字符' });
    expect(err?.data.errors).toEqual({ 'params.1.goods_id': ['内容包含不支持的控制字符'] });
  });

  it('allows a line break in a remark but not in a name', () => {
    expect(refusal({ remark: '请周五前送达\n谢谢' })).toBeNull();
    expect(refusal({ params: [{ remark: 'a\nb' }] })).toBeNull();
    expect(refusal({ username: 'demo\n' })?.data.errors).toHaveProperty('username');
  });

  it('refuses a bad key with a 400 and checks uploaded file names', () => {
    expect(refusal({ 'a\u0001': 'x' })).toMatchObject({ status: 400, message: '请求格式错误' });
    expect(refusal({ file: new File(['x'], 'scan\u0000.pdf') })?.data.errors).toHaveProperty('file');
  });
});
