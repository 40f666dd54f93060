// Sending a verification code: the SMS goes out first and only a sent code is stored, so a code
// the buyer never received never counts as the phone's current one. A send that fails gives back
// the places the request took in its rate limits (the buyer did nothing wrong and may try again)
// and says so; the provider's own throttling is the shop's limit message. Every attempt is logged
// with the phone masked and the provider's request id (docs/decisions/sms-providers.md).
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/envelope.ts';
import { maskedPhone, type LogWriter } from '../../log.ts';
import { SmsFailure, type SmsSender } from '../../sms-sender.ts';
import { release, type Reservation } from '../rate-limit.ts';
import { newPhoneCode, storeSentCode, type CodePurpose } from '../phone-codes.ts';

export const SMS_FAILED_MSG = '短信发送失败，请稍后再试';
export const SMS_TOO_FREQUENT_MSG = '验证码发送过于频繁，请60秒后再试';

export interface CodeDelivery {
  sms: SmsSender;
  log: LogWriter;
}

export async function deliverCode(
  db: Db,
  delivery: CodeDelivery,
  phone: string,
  purpose: CodePurpose,
  places: Reservation[],
  now: Date,
): Promise<void> {
  const code = newPhoneCode();
  const entry = { event: 'sms.send', provider: delivery.sms.provider, phone: maskedPhone(phone), purpose };
  try {
    const sent = await delivery.sms.send({ phone, purpose, code });
    delivery.log({ ...entry, outcome: 'sent', request_id: sent.requestId });
  } catch (err) {
    const failure =
      err instanceof SmsFailure ? err : new SmsFailure('failed', err instanceof Error ? err.message : String(err));
    delivery.log({ ...entry, outcome: failure.kind, request_id: failure.requestId, detail: failure.detail });
    for (const place of places) await release(db, place);
    if (failure.kind === 'throttled') throw new AppError(429, 429, SMS_TOO_FREQUENT_MSG);
    // 400, not 502: the shop's client reads a 502/503/504 as "our server is unreachable" (a proxy's
    // answer) and would go offline; this is our answer, a business refusal the form shows.
    throw new AppError(400, 400, SMS_FAILED_MSG);
  }
  await storeSentCode(db, phone, purpose, code, now);
}
