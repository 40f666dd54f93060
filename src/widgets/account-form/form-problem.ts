// A refused account form as one problem to show: a 422 names its first field (SPEC §5: the first
// message of the first field, shown at that field); any other refusal is a message for the form.
import { isApiError } from '../../http/client';
import { firstServerProblem } from '../../domain/account-rules';

export interface FormProblem {
  /** The form field the message belongs at; absent: shown above the submit button. */
  field?: string;
  message: string;
}

const FALLBACK = '提交失败，请稍后重试';

export function formProblemOf(err: unknown): FormProblem {
  if (!isApiError(err)) return { message: FALLBACK };
  if (err.kind === 'validation') {
    const first = firstServerProblem(err.fieldErrors);
    return first ?? { message: err.msg || FALLBACK };
  }
  if (err.kind === 'server') return { message: '系统繁忙，请稍候再试' };
  if (err.kind === 'timeout') return { message: '请求超时，请稍后重试' };
  if (err.kind === 'network') return { message: '网络连接失败，请检查网络' };
  return { message: err.msg || FALLBACK };
}
