// A trigger that opens a small card with a QR code (mini-program in the header, WeChat in the side
// bar): radix Popover (Escape, outside click, focus return), loaded after first paint.
import type { ReactNode } from 'react';
import { DeferredPopover, type PopoverImpl } from './deferred';
import { deferred } from '../../domain/deferred';
import type { QrCardProps } from './qr-popover-card';

export interface QrPopoverProps extends QrCardProps {
  trigger: ReactNode;
  triggerClassName?: string;
  triggerLabel?: string;
}

const card = deferred<PopoverImpl<QrCardProps>>(() => import('./qr-popover-card').then((m) => m.default));

export function QrPopover({ trigger, triggerClassName, triggerLabel, ...props }: QrPopoverProps) {
  return (
    <DeferredPopover
      impl={card}
      props={props}
      trigger={{ className: triggerClassName, label: triggerLabel, content: trigger }}
    />
  );
}
