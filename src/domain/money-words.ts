// Amounts in Chinese capital numerals (大写金额) as invoices, cheques and receipts print them, per
// the 《支付结算办法》 writing rules: 圆 then 整 when there are no 角/分; a run of zeros inside the
// number is one 零; 零 before 分 when 角 is zero; 壹拾 (not 拾) for tens; no 整 after 角 or 分.

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
/** Units of each 4-digit group, lowest first (万亿 = 10^12 covers Number.MAX_SAFE_INTEGER fen). */
const GROUPS = ['', '万', '亿', '万亿'];

/** 0-9999 without leading zeros; inner zeros collapse to one 零, trailing zeros are dropped. */
function groupWords(n: number): string {
  let out = '';
  let pendingZero = false;
  for (let place = 3; place >= 0; place--) {
    const digit = Math.floor(n / 10 ** place) % 10;
    if (digit === 0) {
      pendingZero = out !== '';
      continue;
    }
    if (pendingZero) out += '零';
    out += DIGITS[digit] + PLACES[place];
    pendingZero = false;
  }
  return out;
}

/** Whole yuan in capitals without the 圆, '' for 0. */
function yuanWords(yuan: number): string {
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
  let out = '';
  let zeroBetween = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i];
    if (g === 0) {
      // A whole empty group (壹亿零壹万…): remember to write one 零 before the next non-zero group.
      zeroBetween = out !== '';
      continue;
    }
    // A lower group under 1000 starts with a zero digit (壹万零伍).
    if (out !== '' && (zeroBetween || g < 1000)) out += '零';
    out += groupWords(g) + GROUPS[i];
    zeroBetween = false;
  }
  return out;
}

/**
 * Integer fen as a capital-numeral amount: 0 → 零圆整, 100 → 壹圆整, 123456 → 壹仟贰佰叁拾肆圆伍角陆分,
 * 10005 → 壹佰圆零伍分, 50 → 伍角. Throws RangeError for negative, fractional or unsafe amounts.
 */
export function toChineseCapitalAmount(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`toChineseCapitalAmount: invalid fen ${fen}`);
  if (fen === 0) return '零圆整';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  let out = yuan > 0 ? `${yuanWords(yuan)}圆` : '';
  if (jiao === 0 && cent === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (cent > 0) out += `${DIGITS[cent]}分`;
  return out;
}
