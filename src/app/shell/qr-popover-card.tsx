// The radix side of QrPopover, loaded after first paint (see deferred.tsx).
import { Popover } from 'radix-ui';
import type { TriggerSpec } from './deferred';
import { QrCode } from './qr-code';
import styles from './qr-popover.module.css';

export interface QrCardProps {
  seed: string;
  /** The operator's QR image; without it the placeholder drawn from `seed` (demo). */
  image?: string;
  title: string;
  hint: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** Rendered size of the QR image in the card, in CSS pixels. */
const QR_SIZE_PX = 132;

export default function QrPopoverCard({
  seed,
  image,
  title,
  hint,
  side = 'bottom',
  trigger,
  defaultOpen,
}: QrCardProps & { trigger: TriggerSpec; defaultOpen: boolean }) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger
        id={trigger.id}
        className={trigger.className}
        aria-label={trigger.label}
        onClick={trigger.onClick}
      >
        {trigger.content}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.card} side={side} sideOffset={6} collisionPadding={8}>
          <p className={styles.title}>{title}</p>
          <QrCode image={image} seed={seed} size={QR_SIZE_PX} label={`${title}二维码`} className={styles.qr} />
          <p className={styles.hint}>{hint}</p>
          <Popover.Arrow className={styles.arrow} width={12} height={6} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
