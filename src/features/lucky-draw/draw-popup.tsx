// The home-only bottom lucky-draw popup (SPEC §2 shell, §4 "Lucky draw popup"): offered only
// while the company has a chance (is_join 0); the draw runs on the server (GET /api/draw). Loaded
// on its own after first paint, so the home route's first JS does not grow (bench/README.md).
import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { drawActivityQuery, drawSimpleQuery, useRunDraw } from '../../api/lucky-draw';
import { drawWinMessage, type DrawResult } from '../../domain/lucky-draw';
import { buttonClass } from '../../ui/button';
import { SpaLink } from '../../ui/spa-link';
import { useDrawRun } from './use-draw-run';
import styles from './draw-popup.module.css';

const DISMISS_KEY = 'lucky-draw-popup-closed';

function dismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISS_KEY) === '1';
  } catch {
    return false;
  }
}

function resultText(r: DrawResult): string {
  return r.is_win ? drawWinMessage(r.name, r.remarks) : `很遗憾，${r.name}，下次好运！`;
}

function prizeLink(r: DrawResult): { href: string; label: string } | null {
  if (r.kind === 'coupon') return { href: '/wdqb_yhq', label: '查看我的优惠券' };
  if (r.kind === 'points') return { href: '/wdqb_jfgl', label: '查看我的积分' };
  // A goods prize waits in the cart and rides on the next order at ¥0.
  if (r.kind === 'goods') return { href: '/cart/step1', label: '下单时随单发出，去购物车' };
  return null;
}

const NEVER_CLOSED = () => undefined;

/**
 * The draw itself: prizes, 开始抽奖, the result and the chances left. The home popup (`onClosed`
 * given: a × that asks while the draw runs, then slides out) and the draw page /xycj (`inline`:
 * in the page's flow, nothing to close) show the same panel.
 */
export function DrawPanel({
  drawId,
  name,
  onClosed,
  inline = false,
}: {
  drawId: number;
  name: string;
  onClosed?: () => void;
  inline?: boolean;
}) {
  const activity = useQuery(drawActivityQuery(drawId));
  const run = useRunDraw();
  const runDraw = useCallback(() => run.mutateAsync(drawId), [run, drawId]);
  const { phase, result, closing, start, close } = useDrawRun(runDraw, onClosed ?? NEVER_CLOSED);
  const left = result?.chances_left ?? activity.data?.chances_left ?? 0;
  const link = result ? prizeLink(result) : null;

  return (
    <aside
      className={`${inline ? styles.inline : styles.popup} ${closing ? styles.closing : ''}`}
      aria-label="幸运抽奖"
      data-phase={phase}
    >
      <header className={styles.head}>
        <b className={styles.title}>{name}</b>
        {onClosed && (
          <button type="button" className={styles.close} onClick={() => void close()} aria-label="关闭抽奖">
            ×
          </button>
        )}
      </header>
      {activity.data && activity.data.prizes.length > 0 && (
        <ul className={styles.prizes} aria-label="奖品">
          {activity.data.prizes.map((p) => (
            <li key={p.id} className={styles.prize}>
              {p.name}
            </li>
          ))}
        </ul>
      )}
      <div className={styles.stage} aria-live="polite">
        {phase === 'drawing' && (
          <p className={styles.loading} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            抽奖中…
          </p>
        )}
        {phase === 'result' && result && (
          <p className={result.is_win ? styles.win : styles.lose} role="status">
            {resultText(result)}
          </p>
        )}
        {phase !== 'drawing' && link && (
          <SpaLink href={link.href} className={styles.link}>
            {link.label}
          </SpaLink>
        )}
      </div>
      <footer className={styles.foot}>
        <span className={styles.chances}>剩余抽奖次数：{left}</span>
        {left > 0 || phase === 'drawing' ? (
          <button
            type="button"
            className={buttonClass('danger', { size: 'sm' })}
            disabled={phase === 'drawing'}
            onClick={() => void start()}
          >
            {phase === 'drawing' ? '抽奖中…' : phase === 'result' ? '再抽一次' : '开始抽奖'}
          </button>
        ) : (
          <span className={styles.hint}>下单即可获得抽奖机会</span>
        )}
      </footer>
      {!inline && (
        <SpaLink href="/xycj" className={styles.more}>
          活动规则、中奖名单和我的抽奖记录
        </SpaLink>
      )}
    </aside>
  );
}

/** Mounted by the shell on the home page for a signed-in buyer. */
export function LuckyDrawPopup() {
  const [closed, setClosed] = useState(dismissed);
  const simple = useQuery({ ...drawSimpleQuery(), enabled: !closed });
  // Latched once offered: after the last chance is drawn (is_join turns 1) the result stays.
  const [offer, setOffer] = useState<{ id: number; name: string } | null>(null);
  if (!offer && simple.data && simple.data.is_join === 0) setOffer({ id: simple.data.id, name: simple.data.name });
  const onClosed = useCallback(() => {
    try {
      sessionStorage.setItem(DISMISS_KEY, '1');
    } catch {
      // Private mode: closed for this page view only.
    }
    setClosed(true);
  }, []);
  // The popup is anchored to the screen's bottom: drawn before its prizes, it grew upwards when they
  // arrived, a layout shift of 0.042 in Lighthouse's runs of the signed-in home page. It appears
  // once the activity has answered (or failed: the panel then shows what it has, as before).
  const activity = useQuery({ ...drawActivityQuery(offer?.id ?? 0), enabled: offer !== null && !closed });
  if (closed || !offer || activity.isPending) return null;
  return <DrawPanel drawId={offer.id} name={offer.name} onClosed={onClosed} />;
}

export default LuckyDrawPopup;
