// 去凑单: the button of a tier promotion that opens its suggestions card (next-hint-card.tsx). The
// card and the popover library load on the first hover, focus or click, not with the cart's first
// screen (issue 21: the dialog and popover code was ~25 KiB gz of the page chunk's imports).
import { lazy, Suspense, useRef, useState } from 'react';
import styles from './totals-panel.module.css';

const loadCard = () => import('./next-hint-card');
const NextHintCard = lazy(loadCard);
const preload = () => void loadCard().catch(() => undefined);

export function NextHintPopover({ promotionId, promotionName }: { promotionId: number; promotionName: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.fillButton}
        aria-label={`去凑单 ${promotionName}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((o) => !o)}
      >
        去凑单
      </button>
      {open && (
        <Suspense fallback={null}>
          <NextHintCard
            anchor={button}
            promotionId={promotionId}
            promotionName={promotionName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
