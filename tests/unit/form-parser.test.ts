// The server's form parser (server/http/body.ts, on qs): bracket notation as the PWA's toFormBody
// sends it, and the guards against hostile keys, nesting and broken encoding.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseBracketForm, parseBracketEntries, sanitizeJson } from '../../server/http/body.ts';
import { toFormBody, type FormObject } from '../../src/http/form-body.ts';

const parse = (s: string) => parseBracketForm(s);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as { status: number; message: string };
  }
  throw new Error('expected a refusal');
};

describe('parseBracketForm', () => {
  it('reads plain fields, arrays and nested objects', () => {
    expect(parse('a=1&b=x')).toEqual({ a: '1', b: 'x' });
    expect(parse('ids[]=3&ids[]=4')).toEqual({ ids: ['3', '4'] });
    expect(parse('params[0][goods_id]=12&params[0][number]=2&params[1][goods_id]=13')).toEqual({
      params: [{ goods_id: '12', number: '2' }, { goods_id: '13' }],
    });
    expect(parse('a[b]=1&a[c][d]=2')).toEqual({ a: { b: '1', c: { d: '2' } } });
    expect(parse('params[number]=5&new=1')).toEqual({ params: { number: '5' }, new: '1' });
  });

  it('turns a repeated plain key into an array, and keeps empty values', () => {
    expect(parse('ids=1&ids=2')).toEqual({ ids: ['1', '2'] });
    expect(parse('q=&x[]=')).toEqual({ q: '', x: [''] });
  });

  it('compacts sparse indexes in index order', () => {
    expect(parse('a[2]=x&a[0]=y')).toEqual({ a: ['y', 'x'] });
  });

  it('decodes percent-encoding and pluses', () => {
    expect(parse('name=%E6%84%9F%E5%86%92%E7%81%B5&k=a+b')).toEqual({ name: '感冒灵', k: 'a b' });
  });

  it('treats a huge index as an object key instead of allocating an array', () => {
    const out = parse('a[99999999]=1');
    expect(Array.isArray(out.a)).toBe(false);
    expect(out).toEqual({ a: { '99999999': '1' } });
    expect(parse('a[10000]=1')).toEqual({ a: ['1'] });
    expect(parse('a[10001]=1')).toEqual({ a: { '10001': '1' } });
  });

  it('drops prototype-polluting keys', () => {
    const out = parse('__proto__[polluted]=1&a[__proto__][x]=1&constructor[prototype][y]=1&b[prototype]=1&ok=1');
    expect(out).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('refuses keys nested deeper than the limit instead of guessing', () => {
    expect(parse(`a${'[b]'.repeat(8)}=1`)).toEqual({ a: { b: { b: { b: { b: { b: { b: { b: { b: '1' } } } } } } } } });
    expect(refusal(() => parse(`a${'[b]'.repeat(9)}=1&ok=1`))).toMatchObject({ status: 400, message: '请求格式错误' });
  });

  it('refuses more pairs than the parameter limit rather than cutting the rest', () => {
    const many = Array.from({ length: 20_001 }, (_, i) => `k${i}=1`).join('&');
    expect(refusal(() => parse(many))).toMatchObject({ status: 400 });
    expect(Object.keys(parse(many.split('&').slice(0, 20_000).join('&')))).toHaveLength(20_000);
  });

  it('refuses broken percent-encoding instead of storing it literally or as U+FFFD', () => {
    for (const bad of ['q=%zz', 'q=%E6', 'q=%', 'q=%ED%A0%80']) {
      expect(refusal(() => parse(bad))).toMatchObject({ status: 400, message: '请求格式错误' });
    }
  });

  it('takes unbalanced brackets literally', () => {
    expect(parse('a[b=1')).toEqual({ 'a[b': '1' });
  });

  it('keeps File values from multipart parts', () => {
    const file = new File(['x'], 'a.pdf');
    const out = parseBracketEntries([
      ['files[business_license]', file],
      ['name', 'x'],
    ]);
    expect(out).toEqual({ files: { business_license: file }, name: 'x' });
    expect(out.files).toMatchObject({ business_license: expect.any(File) });
    const photos = parseBracketEntries([
      ['photos[]', file],
      ['photos[]', file],
    ]);
    expect(photos).toEqual({ photos: [file, file] });
  });

  it('round-trips what the PWA client encodes', () => {
    const leaf = fc.oneof(fc.string({ maxLength: 6 }), fc.integer().map(String));
    const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/).filter((k) => !['constructor', 'prototype'].includes(k));
    const item = fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 });
    const shape = fc.dictionary(
      key,
      fc.oneof(
        leaf,
        fc.array(leaf, { minLength: 1, maxLength: 4 }),
        fc.array(item, { minLength: 1, maxLength: 3 }),
        item,
      ),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(shape, (obj) => {
        expect(parse(toFormBody(obj as FormObject).toString())).toEqual(obj);
      }),
    );
  });
});

describe('sanitizeJson', () => {
  it('drops prototype keys at any depth', () => {
    const input = JSON.parse('{"a":{"__proto__":{"x":1},"b":[{"constructor":1,"c":2}]}}');
    expect(sanitizeJson(input)).toEqual({ a: { b: [{ c: 2 }] } });
  });

  it('refuses absurd nesting', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 30; i++) deep = { a: deep };
    expect(() => sanitizeJson(deep)).toThrow();
  });
});
