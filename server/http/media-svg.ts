// Generated pictures for the demo catalogue (DESIGN.md "Images are generated SVGs"): nothing is
// downloaded, the same id always draws the same picture, and user text is XML-escaped.

const PALETTE = [
  ['#0b8a5f', '#e6f4ee'],
  ['#1f6fb2', '#e7f0f8'],
  ['#c2410c', '#fbeee6'],
  ['#7c3aed', '#f1ebfd'],
  ['#b91c1c', '#fbe9e9'],
  ['#0e7490', '#e5f4f7'],
  ['#a16207', '#f8f1e1'],
  ['#be185d', '#fbe8f1'],
  ['#4d7c0f', '#eef5e4'],
  ['#334155', '#eceff3'],
] as const;

// The shop's font stack (src/ui/tokens.css --font-family-base; an SVG image cannot read the page's
// custom properties): naming the Linux CJK fonts spares the per-character fallback in every picture.
const FONT =
  "'PingFang SC','Microsoft YaHei','Hiragino Sans GB','Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Micro Hei','WenQuanYi Zen Hei',sans-serif";

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!,
  );
}

/** First `max` characters (code points, so a CJK name is never cut mid-character), control chars dropped. */
export function clip(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this drops
  return Array.from(text.replace(/[\u0000-\u001f\u007f]/g, ''))
    .slice(0, max)
    .join('');
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A medicine box in three-quarter view with a label band: the goods' first characters on it. */
export function goodsSvg(id: number, text = ''): string {
  const [main, tint] = PALETTE[id % PALETTE.length];
  const label = escapeXml(clip(text.trim(), 4) || '药品');
  const size = Array.from(clip(text.trim(), 4) || '药品').length > 3 ? 44 : 54;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
<rect width="400" height="400" fill="${tint}"/>
<ellipse cx="200" cy="338" rx="150" ry="14" fill="#000" opacity=".08"/>
<path d="M70 120 L110 80 L330 80 L290 120 Z" fill="${main}" opacity=".75"/>
<path d="M290 120 L330 80 L330 290 L290 330 Z" fill="${main}" opacity=".55"/>
<rect x="70" y="120" width="220" height="210" rx="4" fill="#fff" stroke="${main}" stroke-width="3"/>
<rect x="70" y="120" width="220" height="44" fill="${main}"/>
<path fill="#fff" d="M101 135h8v6h6v8h-6v6h-8v-6h-6v-8h6z"/>
<rect x="126" y="137" width="140" height="10" rx="5" fill="#fff" opacity=".45"/>
<text x="180" y="${size > 50 ? 247 : 242}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${main}">${label}</text>
<rect x="70" y="292" width="220" height="38" fill="${main}" opacity=".12"/>
<rect x="92" y="306" width="90" height="8" rx="4" fill="${main}" opacity=".5"/>
<rect x="196" y="306" width="70" height="8" rx="4" fill="${main}" opacity=".3"/>
</svg>`;
}

/** An ad banner: a diagonal gradient with the slot's title. */
export function bannerSvg(name: string, title = ''): string {
  const h = hashString(name);
  const [from] = PALETTE[h % PALETTE.length];
  const [to] = PALETTE[(h >>> 8) % PALETTE.length];
  const text = escapeXml(clip(title.trim(), 24));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>
<circle cx="1040" cy="70" r="170" fill="#fff" opacity=".08"/>
<circle cx="150" cy="380" r="130" fill="#fff" opacity=".07"/>
<text x="600" y="218" text-anchor="middle" font-family="${FONT}" font-size="64" font-weight="700" fill="#fff">${text}</text>
</svg>`;
}
