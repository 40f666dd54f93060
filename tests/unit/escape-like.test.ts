import { describe, expect, it } from 'vitest';
import { escapeLike } from '../../server/db/like.ts';

describe('escapeLike', () => {
  it('makes LIKE wildcards and the escape character literal', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
  it('leaves ordinary text, Chinese included, as typed', () => {
    expect(escapeLike('板蓝根 颗粒')).toBe('板蓝根 颗粒');
  });
});
