// 居民身份证号码 (GB 11643-1999): the 18-character PRC resident ID a 含麻黄碱 receipt records
// (SPEC /cart/hm, /hmdd). Shared by the page's form and the server, so both refuse the same input.
// Pure: no DOM, no server imports.

/** 6-digit region, 8-digit birth date, 3-digit sequence, check character (digit or X). */
export const ID_CARD_RE = /^[1-9]\d{5}(18|19|20)\d{2}\d{2}\d{2}\d{3}[0-9X]$/;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The 18th character for the first 17 digits (ISO 7064 MOD 11-2). */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** The birth date an ID encodes (UTC midnight), or null when it is not a real calendar date. */
export function idCardBirthDate(id: string): Date | null {
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date;
}

export type IdCardProblem = 'format' | 'birth_date' | 'check_char' | 'minor';

export const ID_CARD_MESSAGES: Record<IdCardProblem | 'required', string> = {
  required: '请输入身份证号码',
  format: '请输入18位身份证号码',
  birth_date: '身份证号码中的出生日期无效',
  check_char: '身份证号码校验位不正确',
  // 含麻黄碱类复方制剂 may not be sold to minors.
  minor: '购药人须年满18周岁',
};

/**
 * What is wrong with `raw` as a buyer's ID at `now`, or null. A lower-case x is accepted as X;
 * spaces around are ignored.
 */
export function idCardProblem(raw: string, now: Date): IdCardProblem | null {
  const id = raw.trim().toUpperCase();
  if (!ID_CARD_RE.test(id)) return 'format';
  const birth = idCardBirthDate(id);
  if (!birth || birth.getTime() > now.getTime()) return 'birth_date';
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return 'check_char';
  const adult = new Date(Date.UTC(birth.getUTCFullYear() + 18, birth.getUTCMonth(), birth.getUTCDate()));
  if (adult.getTime() > now.getTime()) return 'minor';
  return null;
}

/** 110101********123X: region and the last four stay, the birth date and sequence are hidden. */
export function maskIdCard(id: string): string {
  if (id.length < 10) return id;
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}
