// Pinyin search keys, computed at write time (DESIGN.md "search"): 感冒灵颗粒 →
// full "ganmaolingkeli", initials "gmlkl". Lower case, no spaces or punctuation, so a
// prefix index answers `gml` and `ganmaoling` alike.
import { pinyin } from 'pinyin-pro';

const KEEP = /[a-z0-9]/g;

function squash(s: string): string {
  return (s.toLowerCase().match(KEEP) ?? []).join('');
}

export interface SearchKeys {
  pinyinFull: string;
  pinyinInitials: string;
}

export function searchKeysFor(text: string): SearchKeys {
  const full = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true });
  const initials = pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' });
  return { pinyinFull: squash(full.join('')), pinyinInitials: squash(initials.join('')) };
}

/** Normalises a typed query the same way, for matching against the keys. */
export function normaliseLatinQuery(q: string): string {
  return squash(q);
}
