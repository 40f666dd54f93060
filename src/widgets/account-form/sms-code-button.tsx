// "获取验证码" beside a phone field: asks the caller to send the code, then counts down the
// server's `resend_in` before allowing another (the server limits resends to one a minute too).
// A refusal (bad phone, limit reached) is handed back to the form, which shows it at its field.
import { useEffect, useState } from 'react';
import { buttonClass } from '../../ui/button';

export interface SmsCodeButtonProps {
  /** Sends the code; resolves with the seconds to wait before the next one. */
  send: () => Promise<{ resend_in: number }>;
  onSent?: () => void;
  onError: (err: unknown) => void;
  /** The form's own check of the phone first; a message stops the request. */
  precheck?: () => string | null;
  onPrecheckFailed?: (message: string) => void;
}

export function SmsCodeButton({ send, onSent, onError, precheck, onPrecheckFailed }: SmsCodeButtonProps) {
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const click = async () => {
    const problem = precheck?.() ?? null;
    if (problem) {
      onPrecheckFailed?.(problem);
      return;
    }
    setBusy(true);
    try {
      const sent = await send();
      setWait(sent.resend_in);
      onSent?.();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={buttonClass('outline')} disabled={busy || wait > 0} onClick={() => void click()}>
      {busy ? '发送中…' : wait > 0 ? `${wait}秒后重新获取` : '获取验证码'}
    </button>
  );
}
