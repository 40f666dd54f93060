import { describe, expect, it } from 'vitest';
import { safeInternalHref } from '../../src/domain/safe-href';

describe('safeInternalHref', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(safeInternalHref('/list?cat=3&yx=1')).toBe('/list?cat=3&yx=1');
    expect(safeInternalHref('/help/xrzn/hyzc?id=4#top')).toBe('/help/xrzn/hyzc?id=4#top');
    expect(safeInternalHref('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'list',
      '',
      '/\nfoo',
      ' /list',
    ]) {
      expect(safeInternalHref(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(safeInternalHref(42)).toBeNull();
    expect(safeInternalHref(undefined)).toBeNull();
    expect(safeInternalHref('/' + 'a'.repeat(3000))).toBeNull();
  });
});
