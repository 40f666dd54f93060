// server/http/entity-tag.ts: weak tags named by their inputs, If-None-Match compared weakly.
import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, weakTagOf } from '../../server/http/entity-tag';

describe('entity tags', () => {
  it('names the same inputs with the same weak tag, and other inputs with another', () => {
    const tag = weakTagOf({ version: '2024.1', party: '仁和大药房' });
    expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(weakTagOf({ version: '2024.1', party: '仁和大药房' })).toBe(tag);
    expect(weakTagOf({ version: '2024.2', party: '仁和大药房' })).not.toBe(tag);
  });

  it('matches If-None-Match weakly, in a list, or *', () => {
    const tag = 'W/"abc"';
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"x", W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abcd"', tag)).toBe(false);
    expect(matchesIfNoneMatch('', tag)).toBe(false);
  });
});
