// The account forms' checks before sending (registration, store accounts, password recovery,
// basic info, password change), with the server's messages (formats.ts, shared with the zod
// schemas of server/routes/user.ts and register.ts). Each answers the first problem in form
// order: SPEC §5 shows the first message of the first field, at that field.
import { isCreditCode, isMobile, isPassword, isPhone, isUsername, MESSAGES, SMS_CODE_RE } from './formats';

export interface FieldProblem<F extends string = string> {
  field: F;
  message: string;
}

type Check<F extends string> = [F, string | null];

function first<F extends string>(checks: readonly Check<F>[]): FieldProblem<F> | null {
  for (const [field, message] of checks) if (message) return { field, message };
  return null;
}

export const usernameProblem = (v: string) =>
  v.trim() === '' ? MESSAGES.usernameRequired : isUsername(v.trim()) ? null : MESSAGES.username;
/** The hint under every new-password field (the rule's own words, formats.ts). */
export const PASSWORD_HINT = MESSAGES.passwordHint;
export const passwordProblem = (v: string) =>
  v === '' ? MESSAGES.passwordRequired : isPassword(v) ? null : MESSAGES.password;
export const confirmationProblem = (password: string, again: string) =>
  again === '' ? '请再次输入密码' : again === password ? null : MESSAGES.passwordMismatch;
export const mobileProblem = (v: string) =>
  v.trim() === '' ? MESSAGES.mobileRequired : isMobile(v.trim()) ? null : MESSAGES.mobile;
export const codeProblem = (v: string) =>
  v.trim() === '' ? MESSAGES.codeRequired : SMS_CODE_RE.test(v.trim()) ? null : MESSAGES.code;
const required = (v: string, message: string, max: number, tooLong = `最多${max}个字符`) =>
  v.trim() === '' ? message : v.trim().length > max ? tooLong : null;

export const AGREEMENT_REQUIRED = '请阅读并同意用户注册协议';

export interface AccountValues {
  username: string;
  password: string;
  password_confirmation: string;
  phone: string;
  code: string;
  agree: boolean;
}
export type AccountField = Exclude<keyof AccountValues, 'agree'> | 'agree';

export function checkAccount(v: AccountValues): FieldProblem<AccountField> | null {
  return first<AccountField>([
    ['username', usernameProblem(v.username)],
    ['password', passwordProblem(v.password)],
    ['password_confirmation', confirmationProblem(v.password, v.password_confirmation)],
    ['phone', mobileProblem(v.phone)],
    ['code', codeProblem(v.code)],
    ['agree', v.agree ? null : AGREEMENT_REQUIRED],
  ]);
}

export interface StoreAccountValues {
  store_name: string;
  username: string;
  password: string;
  password_confirmation: string;
  phone: string;
}

export function checkStoreAccount(v: StoreAccountValues): FieldProblem<keyof StoreAccountValues> | null {
  return first<keyof StoreAccountValues>([
    ['store_name', required(v.store_name, '请输入门店名称', 50)],
    ['username', usernameProblem(v.username)],
    ['password', passwordProblem(v.password)],
    ['password_confirmation', confirmationProblem(v.password, v.password_confirmation)],
    ['phone', mobileProblem(v.phone)],
  ]);
}

export interface CompanyValues {
  company_name: string;
  kind: string;
  credit_code: string;
  legal_person: string;
  contact_name: string;
  contact_phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

export function checkCompany(v: CompanyValues): FieldProblem<keyof CompanyValues> | null {
  const credit = v.credit_code.trim().toUpperCase();
  const phone = v.contact_phone.trim();
  return first<keyof CompanyValues>([
    ['company_name', required(v.company_name, '请输入企业名称', 50)],
    ['kind', v.kind === '' ? '请选择企业类型' : null],
    ['credit_code', credit === '' ? MESSAGES.creditCodeRequired : isCreditCode(credit) ? null : MESSAGES.creditCode],
    ['legal_person', required(v.legal_person, '请输入法定代表人', 20)],
    ['contact_name', required(v.contact_name, '请输入联系人姓名', 20)],
    ['contact_phone', phone === '' ? MESSAGES.mobileRequired : isPhone(phone) ? null : MESSAGES.phone],
    ['province', v.province === '' ? '请选择所在省份' : null],
    ['city', v.city === '' ? '请选择所在城市' : null],
    ['district', v.district === '' ? '请选择所在区县' : null],
    ['address', required(v.address, '请输入详细地址', 100)],
  ]);
}

export interface RecoveryValues {
  /** A username or a mobile number: the recovery form takes either. */
  account: string;
  code: string;
}

export const ACCOUNT_REQUIRED = '请输入用户名或手机号码';

export function checkRecovery(v: RecoveryValues): FieldProblem<keyof RecoveryValues> | null {
  return first<keyof RecoveryValues>([
    ['account', v.account.trim() === '' ? ACCOUNT_REQUIRED : null],
    ['code', codeProblem(v.code)],
  ]);
}

/** The recovery form's one box, as the API wants it: a mobile number is a phone, anything else a username. */
export function recoveryTarget(account: string): { phone: string } | { username: string } {
  const v = account.trim();
  return isMobile(v) ? { phone: v } : { username: v };
}

export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

export function checkNewPassword(v: NewPasswordValues): FieldProblem<keyof NewPasswordValues> | null {
  return first<keyof NewPasswordValues>([
    ['password', passwordProblem(v.password)],
    ['password_confirmation', confirmationProblem(v.password, v.password_confirmation)],
  ]);
}

export interface PasswordChangeValues extends NewPasswordValues {
  old_password: string;
  code: string;
}

/** How a signed-in member proves it is them (issue 29 §3): the current password, or a code to the account's phone. */
export type ChangeProof = 'password' | 'code';

export const OLD_PASSWORD_REQUIRED = '请输入原密码';

export function checkPasswordChange(
  v: PasswordChangeValues,
  proof: ChangeProof,
): FieldProblem<keyof PasswordChangeValues> | null {
  return first<keyof PasswordChangeValues>([
    proof === 'password'
      ? ['old_password', v.old_password === '' ? OLD_PASSWORD_REQUIRED : null]
      : ['code', codeProblem(v.code)],
    ['password', passwordProblem(v.password)],
    ['password_confirmation', confirmationProblem(v.password, v.password_confirmation)],
  ]);
}

export interface ProfileValues {
  name: string;
  phone: string;
  /** Only for a new phone: the current password and the new phone's code. */
  old_password: string;
  code: string;
}

/** `phoneChanged`: the phone differs from the account's, so the proof fields are needed too. */
export function checkProfile(v: ProfileValues, phoneChanged: boolean): FieldProblem<keyof ProfileValues> | null {
  return first<keyof ProfileValues>([
    ['name', required(v.name, '请输入姓名', 20, '姓名最多20个字符')],
    ['phone', mobileProblem(v.phone)],
    ['code', phoneChanged ? codeProblem(v.code) : null],
    ['old_password', phoneChanged && v.old_password === '' ? OLD_PASSWORD_REQUIRED : null],
  ]);
}

/**
 * SPEC §5: of a 422's `data.errors`, the first message of the first field, mapped onto a form
 * field (`files.business_license` stays as is: the upload row of that document shows it).
 */
export function firstServerProblem(
  fieldErrors: Readonly<Record<string, readonly string[]>> | undefined,
): FieldProblem | null {
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    if (messages.length > 0) return { field, message: messages[0] };
  }
  return null;
}
