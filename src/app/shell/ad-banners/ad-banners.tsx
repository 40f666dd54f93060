// The closable top and bottom ad banners and the home page's lucky-draw prompt (SPEC §1, §2).
// They are drawn in CSS from text (no image request, nothing for LCP to wait on). The top banner
// shows the operator's `top` ad slot (GET /api/focus/top) and falls back to a house promotion;
// the bottom banner has no slot in SPEC §7, so it carries house promotions. Each remembers its
// close for the session.
import { useQuery } from '@tanstack/react-query';
import { focusSlotQuery } from '../../../api/common';
import { CloseIcon } from '../icons';
import { ShellLink } from '../shell-link';
import { useSessionDismiss } from './use-session-dismiss';
import styles from './ad-banners.module.css';

function CloseButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button type="button" className={styles.close} aria-label={label} onClick={onClick}>
      <CloseIcon size={14} />
    </button>
  );
}

const HOUSE_TOP_AD = {
  tag: '新客专享',
  title: '首单满 500 元立减 50 元，优惠券限量领取',
  url: '/lqzx',
  cta: '立即领取 ›',
};

export function TopAdBanner() {
  const [closed, close] = useSessionDismiss('top-ad');
  const slot = useQuery({ ...focusSlotQuery('top'), enabled: !closed });
  if (closed) return null;
  const item = slot.data?.find((i) => i.title !== '');
  const ad = item
    ? { tag: '活动', title: item.title, url: item.url || HOUSE_TOP_AD.url, cta: '立即查看 ›' }
    : HOUSE_TOP_AD;
  return (
    <aside className={styles.top} aria-label="活动公告">
      {/* The bar keeps its height while the slot loads; its text appears once, never swapped. */}
      {!slot.isPending && (
        <ShellLink href={ad.url} className={styles.topLink}>
          <b className={styles.topTag}>{ad.tag}</b>
          <span>{ad.title}</span>
          <span className={styles.topCta}>{ad.cta}</span>
        </ShellLink>
      )}
      <CloseButton onClick={close} label="关闭顶部广告" />
    </aside>
  );
}

export function BottomAdBanner({ signedIn }: { signedIn: boolean }) {
  const [closed, close] = useSessionDismiss('bottom-ad');
  if (closed) return null;
  return (
    <>
      {/* Keeps the footer's last line clear of the fixed strip. */}
      <div className={styles.bottomSpacer} />
      <aside className={styles.bottom} aria-label="推广">
        <div className={styles.bottomInner}>
          {signedIn ? (
            <ShellLink href="/mrtj" className={styles.bottomLink}>
              <b className={styles.bottomTitle}>每日特价</b>
              <span>精选品种限时低价，每天 10 点上新</span>
              <span className={styles.bottomCta}>去看看</span>
            </ShellLink>
          ) : (
            <ShellLink href="/register" className={styles.bottomLink}>
              <b className={styles.bottomTitle}>药店诊所专属采购价</b>
              <span>注册认证后即可查看批发价，新人礼包等你领</span>
              <span className={styles.bottomCta}>免费注册</span>
            </ShellLink>
          )}
          <CloseButton onClick={close} label="关闭底部广告" />
        </div>
      </aside>
    </>
  );
}

/** Home only: invites to the current lucky draw; the draw itself is the draw feature's page. */
export function LuckyDrawPrompt() {
  const [closed, close] = useSessionDismiss('lucky-draw');
  if (closed) return null;
  return (
    <aside className={styles.draw} aria-label="幸运抽奖">
      <ShellLink href="/yjh" className={styles.drawLink}>
        <span className={styles.drawIcon} aria-hidden="true">
          奖
        </span>
        <span>
          <b className={styles.drawTitle}>幸运大抽奖</b>
          <span className={styles.drawText}>下单即可参与，好礼等你拿</span>
        </span>
      </ShellLink>
      <CloseButton onClick={close} label="关闭抽奖提示" />
    </aside>
  );
}
