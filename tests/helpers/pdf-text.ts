// The text of a PDF whose fonts carry ToUnicode maps (pdfkit's embedded subsets): inflates every
// stream, reads the maps, and decodes the hex strings of the content streams. Enough to assert what
// a generated PDF says without a PDF library; it is not a general PDF parser.
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1'));
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return out;
}

// A glyph may stand for several characters (a ligature such as "ff" is `<0066 0066>` in pdfkit's map):
// every 4 hex digits, spaces ignored.
const hexChar = (h: string): string =>
  String.fromCodePoint(...(h.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((x) => parseInt(x, 16)));

/** Glyph code (4 hex digits) → text, from every ToUnicode CMap (bfchar and bfrange, array form included). */
function unicodeMap(all: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const s of all.filter((x) => x.includes('begincmap'))) {
    for (const block of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, code, uni] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
        map.set(code.toLowerCase().padStart(4, '0'), hexChar(uni));
    }
    for (const block of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, lo, hi, rest] of block[1].matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
      )) {
        const from = parseInt(lo, 16);
        const to = parseInt(hi, 16);
        if (rest.startsWith('[')) {
          const items = [...rest.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => x[1]);
          items.forEach((u, i) => map.set((from + i).toString(16).padStart(4, '0'), hexChar(u)));
        } else {
          const base = parseInt(rest.slice(1, -1), 16);
          for (let c = from; c <= to; c++)
            map.set(c.toString(16).padStart(4, '0'), String.fromCodePoint(base + c - from));
        }
      }
    }
  }
  return map;
}

/** Every shown string of the content streams, concatenated in order (line breaks dropped). */
export function pdfText(pdf: Buffer): string {
  const all = streams(pdf);
  const map = unicodeMap(all);
  let text = '';
  for (const s of all.filter((x) => /\bTJ\b|\bTj\b/.test(x))) {
    for (const [, hex] of s.matchAll(/<([0-9a-fA-F]+)>/g)) {
      for (const code of hex.toLowerCase().match(/.{4}/g) ?? []) text += map.get(code) ?? '';
    }
  }
  return text;
}
