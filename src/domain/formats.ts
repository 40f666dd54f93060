// Input formats shared by the page's forms and the server (SPEC §5): the regular expressions,
// their Chinese messages and the checks. zod-free, so a page that only checks a phone number does
// not load zod; the zod schemas built on these are in validators.ts.
/** SPEC §5: 11 digits, starting with 1, second digit 3-9. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/**
 * SPEC §5 "area code of 2-3 digits, hyphen, then 7-8 digits". Chinese area codes are written with
 * their trunk prefix 0 (010, 020, 0755), so we read "2-3 digits" as the digits after that 0:
 * 020-12345678 and 0755-1234567 pass; 20-12345678 and 12-1234567 do not.
 */
export const LANDLINE_RE = /^0\d{2,3}-\d{7,8}$/;
/** SPEC §5: letters, digits, _ or -, then @, then a domain with at least one dot. */
export const EMAIL_RE = /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
/** 4-20 letters, digits, underscore or hyphen. */
export const USERNAME_RE = /^[A-Za-z0-9_-]{4,20}$/;
/**
 * 6-64 characters (code points) of any printable kind — symbols, spaces, Chinese — with at least
 * one letter and one digit (docs/decisions/password-hashing.md; issue 29 §3 lifted the old
 * 20-character, letters-and-digits-only cap). Control and invisible format characters are refused:
 * they cannot be typed back reliably.
 */
export const PASSWORD_RE = /^(?=.*\p{L})(?=.*\p{Nd})[^\p{C}\p{Zl}\p{Zp}]{6,64}$/u;
/** SMS verification code. */
export const SMS_CODE_RE = /^\d{6}$/;
/** 统一社会信用代码 (GB 32100-2015): 18 characters from this alphabet (no I, O, S, V, Z). */
export const CREDIT_CODE_RE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const MESSAGES = {
  mobileRequired: '请输入手机号码',
  mobile: '请输入正确的手机号码',
  phone: '请输入正确的联系电话',
  landline: '请输入正确的固定电话，如 020-12345678',
  emailRequired: '请输入邮箱',
  email: '请输入正确的邮箱地址',
  usernameRequired: '请输入用户名',
  username: '用户名为4-20位字母、数字、下划线或减号',
  passwordRequired: '请输入密码',
  password: '密码为6-64位，须同时包含字母和数字，可使用符号',
  passwordHint: '6-64位，含字母和数字，可使用符号',
  passwordMismatch: '两次输入的密码不一致',
  codeRequired: '请输入验证码',
  code: '请输入6位数字验证码',
  creditCodeRequired: '请输入统一社会信用代码',
  creditCode: '请输入正确的18位统一社会信用代码',
} as const;

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The 18th character of a 统一社会信用代码 for its first 17. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_ALPHABET.indexOf(first17[i]) * CREDIT_WEIGHTS[i];
  return CREDIT_ALPHABET[(31 - (sum % 31)) % 31];
}

export const isMobile = (v: string): boolean => MOBILE_RE.test(v);
export const isLandline = (v: string): boolean => LANDLINE_RE.test(v);
/** A contact phone may be a mobile or a landline. */
export const isPhone = (v: string): boolean => isMobile(v) || isLandline(v);
export const isEmail = (v: string): boolean => EMAIL_RE.test(v);
export const isUsername = (v: string): boolean => USERNAME_RE.test(v);
export const isPassword = (v: string): boolean => PASSWORD_RE.test(v);
export const isCreditCode = (v: string): boolean =>
  CREDIT_CODE_RE.test(v) && creditCodeCheckChar(v.slice(0, 17)) === v[17];
