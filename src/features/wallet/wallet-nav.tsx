// The wallet's four sections (SPEC §2 /wdqb children) as tabs under each wallet page's title.
import type { CouponKind, LedgerAccount } from '../../domain/wallet';
import { TabBar } from '../../ui/tab-bar';
import { COUPON_PATH, LEDGER_PATH } from './wallet-urls';

export type WalletSection = LedgerAccount | CouponKind;

const SECTIONS: { key: WalletSection; href: string; text: string }[] = [
  { key: 'balance', href: LEDGER_PATH.balance, text: '余额管理' },
  { key: 'points', href: LEDGER_PATH.points, text: '积分管理' },
  { key: 'coupon', href: COUPON_PATH.coupon, text: '我的优惠券' },
  { key: 'voucher', href: COUPON_PATH.voucher, text: '我的现金券' },
];

export function WalletNav({ current, className }: { current: WalletSection; className?: string }) {
  return (
    <TabBar
      label="我的钱包"
      className={className}
      tabs={SECTIONS.map((s) => ({ key: s.key, href: s.href, content: s.text, current: s.key === current }))}
    />
  );
}
