// What sends a verification code to a phone. Three adapters: the demo's outbox (the code stays in
// `phone_codes`, read at GET /api/dev/outbox), Alibaba Cloud SMS (aliyun.ts) and Tencent Cloud SMS
// (tencent.ts). A provider's answer is one of three: sent (with its request id), throttled (the
// provider's own per-phone limits, shown to the buyer as the shop's limit message) or failed.
export type SmsPurpose = 'register' | 'reset_password' | 'change_password' | 'change_phone';

export interface SmsMessage {
  /** An 11-digit mainland mobile number. */
  phone: string;
  purpose: SmsPurpose;
  /** The 6-digit code, the template's one parameter. */
  code: string;
}

export interface SmsSent {
  /** The provider's request id (Alibaba `RequestId`, Tencent `Response.RequestId`); '' for the outbox. */
  requestId: string;
}

export type SmsFailureKind = 'throttled' | 'failed';

/** A send that did not happen: the code must not be stored, the buyer's limit not spent. */
export class SmsFailure extends Error {
  constructor(
    readonly kind: SmsFailureKind,
    /** What the provider said, for the log (never shown to the buyer). */
    readonly detail: string,
    readonly requestId: string = '',
  ) {
    super(`${kind}: ${detail}`);
  }
}

export interface SmsSender {
  readonly provider: 'outbox' | 'aliyun' | 'tencent';
  send(message: SmsMessage): Promise<SmsSent>;
}

/** The demo's adapter: nothing leaves the server; the stored code is the outbox. */
export const outboxSender: SmsSender = {
  provider: 'outbox',
  send: async () => ({ requestId: '' }),
};

/** Sign name and template ids shared by both providers' settings. */
export interface SmsTemplates {
  signName: string;
  /** Template id per purpose (every purpose has one; settings fill the gaps with the default). */
  templates: Record<SmsPurpose, string>;
}
