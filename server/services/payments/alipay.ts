// The Alipay adapter (official SDK, `alipay-sdk`): the cashier is a signed alipay.trade.page.pay
// (computer) or alipay.trade.wap.pay (phone) URL; Alipay then posts a notification signed with
// its key to /api/pay/alipay/notify (routes/pay.ts), verified here before anything is marked paid;
// refunds are alipay.trade.refund calls whose answer's signature is checked too.
// out_trade_no is the payment's gateway_ref, so a notification names exactly one payment.
import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import type { AlipayGateway, GatewayCharge, GatewayRefund } from '../../payment-gateway.ts';

export interface AlipaySettings {
  appId: string;
  /** The application's private key (PEM, PKCS#1 or PKCS#8, or the bare base64 Alipay's tool prints). */
  privateKey: string;
  /** Alipay's public key, from the open platform's console. */
  alipayPublicKey: string;
  /** The open platform's gateway; the sandbox one for a trial. */
  gateway: string;
  /** The shop's public origin (https://shop.example.com): notifications and the return go there. */
  shopUrl: string;
}

export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export const ALIPAY_NOTIFY_PATH = '/api/pay/alipay/notify';
/** Trade states that mean the money arrived (TRADE_FINISHED: paid and no longer refundable). */
const PAID_STATES: ReadonlySet<string> = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Fen to Alipay's yuan string ("12.30"). */
export const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** Alipay's yuan string to fen; null unless it is a plain amount with at most two decimals. */
export function fenOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const PEM_BODY = /-----BEGIN [A-Z ]+-----|-----END [A-Z ]+-----|\s/g;

/**
 * The SDK wants to be told whether the private key is PKCS#1 or PKCS#8; Alipay's key tool prints
 * either, often without a PEM header. Read it both ways; throws when it is neither.
 */
export function privateKeyType(key: string): 'PKCS1' | 'PKCS8' {
  const der = Buffer.from(key.replace(PEM_BODY, ''), 'base64');
  for (const type of ['pkcs1', 'pkcs8'] as const) {
    try {
      if (createPrivateKey({ key: der, format: 'der', type }).asymmetricKeyType === 'rsa')
        return type === 'pkcs1' ? 'PKCS1' : 'PKCS8';
    } catch {
      // not this encoding; try the next
    }
  }
  throw new Error('ALIPAY_PRIVATE_KEY is not an RSA private key (PKCS#1 or PKCS#8)');
}

/** Throws unless the key is an RSA public key (PEM or the bare base64 of the console). */
export function assertPublicKey(key: string): void {
  try {
    createPublicKey({ key: Buffer.from(key.replace(PEM_BODY, ''), 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error('ALIPAY_PUBLIC_KEY is not a public key (the 支付宝公钥 of the open platform console)');
  }
}

/** Throws (with the setting's name) when a key cannot be used. */
export function alipayGateway(settings: AlipaySettings): AlipayGateway {
  assertPublicKey(settings.alipayPublicKey);
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    keyType: privateKeyType(settings.privateKey),
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
  });
  const shop = settings.shopUrl.replace(/\/+$/, '');

  return {
    method: 'alipay',
    newReference: () => `ALI${randomBytes(12).toString('hex').toUpperCase()}`,

    payUrl(charge: GatewayCharge): string {
      const mobile = charge.mobile === true;
      return sdk.pageExecute(mobile ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: charge.reference,
          total_amount: yuan(charge.amount),
          subject: `订单${charge.orderNo}`,
          product_code: mobile ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        },
        notifyUrl: `${shop}${ALIPAY_NOTIFY_PATH}`,
        returnUrl: `${shop}/cart_step3/${charge.orderId}`,
      });
    },

    readPaidNotice(params) {
      // checkNotifySignV2 signs the values as posted (already form-decoded), like Alipay does.
      if (!sdk.checkNotifySignV2(params)) return null;
      if (params.app_id !== settings.appId || !PAID_STATES.has(params.trade_status ?? '')) return null;
      const amount = fenOf(params.total_amount);
      if (!params.out_trade_no || amount === null) return null;
      return { reference: params.out_trade_no, amount };
    },

    async refund(refund: GatewayRefund): Promise<void> {
      const result = await sdk.exec(
        'alipay.trade.refund',
        {
          bizContent: {
            out_trade_no: refund.reference,
            refund_amount: yuan(refund.amount),
            out_request_no: refund.refundNo,
            refund_reason: refund.reason,
          },
        },
        { validateSign: true },
      );
      if (result.code !== '10000')
        throw new Error(`alipay.trade.refund ${result.code}: ${result.subMsg ?? result.msg}`);
    },
  };
}
