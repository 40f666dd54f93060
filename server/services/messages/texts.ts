// What each server event says to the company. One builder per event, so the seed and the events
// write the same words.
import type { AfterSaleStatus } from '@domain/orders.ts';
import { AFTER_SALE_KIND_TEXT } from '@domain/orders-after-sale.ts';
import type { AfterSaleKind } from '@domain/orders.ts';
import type { MessageDraft } from './notify.ts';

export function registrationDecidedMessage(approved: boolean, note: string): MessageDraft {
  return approved
    ? {
        kind: 'system',
        title: '资质审核通过',
        body: '您提交的企业资质已审核通过，现在可以查看价格并下单采购。如有疑问请联系您的专属客户经理。',
        link: '/user',
      }
    : {
        kind: 'system',
        title: '资质审核未通过',
        body: `您提交的企业资质未通过审核${note ? `，原因：${note}` : ''}。请修改后重新提交。`,
        link: '/register/step3',
      };
}

/** A renewed certificate (换证) reviewed: in force from now on, or refused with the reason. */
export function renewalDecidedMessage(approved: boolean, note: string): MessageDraft {
  return approved
    ? { kind: 'system', title: '证件更新已通过', body: '您上传的新证件已审核通过，现已生效。', link: '/zzzj' }
    : {
        kind: 'system',
        title: '证件更新未通过',
        body: `您上传的新证件未通过审核${note ? `，原因：${note}` : ''}。原证件在有效期内仍可使用，请重新上传。`,
        link: '/zzzj',
      };
}

/** The after-sale steps that are a decision the buyer waits for; other steps write nothing. */
const AFTER_SALE_TITLES: Partial<Record<AfterSaleStatus, string>> = {
  approved: '售后申请已通过',
  returning: '退货商品已收到',
  rejected: '售后申请未通过',
  refunded: '售后退款已完成',
  closed: '售后已完成',
};

export function afterSaleDecidedMessage(
  a: { id: number; kind: AfterSaleKind; orderNo: string },
  to: AfterSaleStatus,
  stepText: string,
): MessageDraft | null {
  const title = AFTER_SALE_TITLES[to];
  if (!title) return null;
  return {
    kind: 'order',
    title,
    body: `订单${a.orderNo}的${AFTER_SALE_KIND_TEXT[a.kind]}申请：${stepText}。`,
    link: `/order/afterSalesInfo/${a.id}`,
  };
}

export function certificateExpiringMessage(
  file: { id: number; label: string; expiresOn: string },
  daysLeft: number,
  window: number,
): MessageDraft {
  const when = daysLeft === 0 ? '今天' : `${daysLeft}天后`;
  return {
    kind: 'system',
    title: `资质证件即将过期（${window}天内）`,
    body: `您的${file.label}将于${file.expiresOn}到期（${when}）。证件过期后将无法下单，请尽快上传新证件。`,
    link: '/zzzj',
    dedupeKey: `cert${window}:${file.id}`,
  };
}

export function couponExpiringMessage(
  coupon: { id: number; name: string; kind: 'coupon' | 'voucher' },
  expiresOn: string,
): MessageDraft {
  const what = coupon.kind === 'voucher' ? '现金券' : '优惠券';
  return {
    kind: 'promotion',
    title: `${what}即将过期`,
    body: `您的${what}“${coupon.name}”将于${expiresOn}到期，请尽快使用。`,
    link: coupon.kind === 'voucher' ? '/xjq' : '/yhq',
    dedupeKey: `coupon:${coupon.id}`,
  };
}

/**
 * A member changed the account's password (issue 29 §3): the company's inbox hears of it, so an
 * owner whose session was stolen learns it, and how to take the account back.
 */
export function passwordChangedMessage(username: string, how: 'password' | 'code'): MessageDraft {
  const proof = how === 'code' ? '（通过短信验证码验证）' : '';
  return {
    kind: 'system',
    title: '登录密码已修改',
    body: `账号 ${username} 的登录密码已修改${proof}，其他设备上的登录已退出。如非本人操作，请立即通过“忘记密码”重置密码并联系客服。`,
    link: '/basic',
  };
}

/** A member changed the account's mobile, which password recovery goes to. Both numbers masked. */
export function phoneChangedMessage(username: string, from: string, to: string): MessageDraft {
  return {
    kind: 'system',
    title: '绑定手机号已更换',
    body: `账号 ${username} 的手机号已由 ${from} 更换为 ${to}，找回密码的验证码将发送至新手机号，其他设备上的登录已退出。如非本人操作，请立即联系客服。`,
    link: '/basic',
  };
}
