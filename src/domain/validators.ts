// Input rules shared by the page's forms and the server's zod schemas (SPEC §5), so both refuse
// the same input with the same Chinese message. Pure: no DOM, no server imports. The formats
// themselves (regular expressions, messages, checks) live in formats.ts, which pages without a
// zod schema import instead.
import { z } from 'zod';
import {
  isEmail,
  isLandline,
  isMobile,
  isPassword,
  isPhone,
  isUsername,
  isCreditCode,
  MESSAGES,
  SMS_CODE_RE,
} from './formats';

export * from './formats';

// ---- zod schemas (form values arrive as strings; surrounding spaces are trimmed)

/** A required trimmed string with one message for "missing" and one for "wrong". */
function text(required: string, check: (v: string) => boolean, invalid: string) {
  return z.string({ error: required }).trim().min(1, { error: required }).refine(check, { error: invalid });
}

export const mobileSchema = text(MESSAGES.mobileRequired, isMobile, MESSAGES.mobile);
export const phoneSchema = text(MESSAGES.mobileRequired, isPhone, MESSAGES.phone);
export const landlineSchema = text(MESSAGES.mobileRequired, isLandline, MESSAGES.landline);
export const emailSchema = text(MESSAGES.emailRequired, isEmail, MESSAGES.email);
export const usernameSchema = text(MESSAGES.usernameRequired, isUsername, MESSAGES.username);
/** Passwords are not trimmed: a space is a character the user typed. */
export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .refine(isPassword, { error: MESSAGES.password });
export const smsCodeSchema = text(MESSAGES.codeRequired, (v) => SMS_CODE_RE.test(v), MESSAGES.code);
export const creditCodeSchema = z
  .string({ error: MESSAGES.creditCodeRequired })
  .trim()
  .toUpperCase()
  .min(1, { error: MESSAGES.creditCodeRequired })
  .refine(isCreditCode, { error: MESSAGES.creditCode });

/** A required free-text field of at most `max` characters, e.g. requiredText('请输入企业名称', 50). */
export function requiredText(required: string, max: number, tooLong = `最多${max}个字符`) {
  return z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });
}

/** An optional free-text field: missing means ''. */
export function optionalText(max: number, tooLong = `最多${max}个字符`) {
  return z.string().trim().max(max, { error: tooLong }).optional().default('');
}

/** A 0/1 flag as forms send it ('0', '1', 0, 1, 'true', 'false'); missing means 0. */
export const flagSchema = z
  .union([z.literal(['0', '1', 'true', 'false']), z.literal([0, 1]), z.boolean()])
  .optional()
  .transform((v): 0 | 1 => (v === '1' || v === 1 || v === 'true' || v === true ? 1 : 0));

/** A positive integer id, from a form string or a JSON number. */
export function idSchema(message = '参数错误') {
  return z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });
}
