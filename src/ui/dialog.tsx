// The shop's dialog: radix Dialog (focus trap, Esc, aria) in the shop's frame, a title, the
// caller's content, optionally a × in the corner. `dialogFrame` lends the same frame to radix
// AlertDialog parts; `DialogActions` lines up the buttons at the foot.
import type { CSSProperties, ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import styles from './dialog.module.css';

export const dialogFrame = { overlay: styles.overlay, content: styles.content, title: styles.title } as const;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Id of the text that describes the dialog; undefined when the title says it all. */
  describedBy?: string;
  /** Widest the card gets, in px (never more than 94 % of the viewport). */
  widthPx?: number;
  /** Accessible name of a × close button in the corner; no button without it. */
  closeLabel?: string;
  /** `sheet`: a panel rising from the bottom edge, full width (phone drawers, docs/decisions/phones.md). */
  placement?: 'centre' | 'sheet';
  children: ReactNode;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  describedBy,
  widthPx = 480,
  closeLabel,
  placement = 'centre',
  children,
}: DialogProps) {
  const width = { '--dialog-width': `${widthPx}px` } as CSSProperties;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={placement === 'sheet' ? `${styles.content} ${styles.sheet}` : styles.content}
          style={width}
          aria-describedby={describedBy}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {children}
          {closeLabel && (
            <RadixDialog.Close className={styles.close} aria-label={closeLabel}>
              ×
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button (or link) that closes the surrounding Dialog, in the caller's look. */
export const DialogClose = RadixDialog.Close;

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
