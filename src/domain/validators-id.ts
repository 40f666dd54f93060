// The page-side checks of the 含麻黄碱 purchase registration (/cart/hm): an 18-character PRC ID
// number with a real birth date and the right check character, of an adult buyer. The rules
// themselves live once in ./id-card.ts, which the server's POST /api/order/{id}/ephedrine uses
// too, so the form and the server refuse the same input with the same Chinese message.
// Plain functions, no zod: the pay page's chunk stays small.
import { ID_CARD_MESSAGES, idCardCheckChar, idCardProblem } from './id-card';

export { ID_CARD_MESSAGES, idCardCheckChar };

/** Buyers type the check character as x as often as X; both mean the same number. */
export function normalizeIdCard(v: string): string {
  return v.trim().toUpperCase();
}

/** True for a valid ID number of a buyer who is an adult at `now`. */
export function isValidIdCard(v: string, now: Date = new Date()): boolean {
  return idCardProblem(normalizeIdCard(v), now) === null;
}

/** The form's message for `v` at `now`, or null when it is fine. */
export function idCardMessage(v: string, now: Date = new Date()): string | null {
  const id = normalizeIdCard(v);
  if (id === '') return ID_CARD_MESSAGES.required;
  const problem = idCardProblem(id, now);
  return problem ? ID_CARD_MESSAGES[problem] : null;
}

/** The buyer's name as the server's receipt schema takes it: 2-20 Chinese or Latin letters, · allowed. */
export const BUYER_NAME_RE = /^[\u4e00-\u9fa5A-Za-z·\s]{2,20}$/;
export const BUYER_NAME_MESSAGES = {
  required: '请输入购药人姓名',
  invalid: '请输入购药人真实姓名（2-20个字）',
} as const;

export function buyerNameMessage(v: string): string | null {
  const name = v.trim();
  if (name === '') return BUYER_NAME_MESSAGES.required;
  return BUYER_NAME_RE.test(name) ? null : BUYER_NAME_MESSAGES.invalid;
}
