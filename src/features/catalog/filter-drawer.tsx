// The list's filters on a phone (docs/decisions/phones.md): the goods come first, the filter rows
// wait in a bottom sheet behind a 筛选 button. The bar is in the page on every width and hidden
// by CSS above the phone breakpoint, so the server-free first render is the same everywhere; the
// rows themselves mount only while the sheet is open (no second copy of every chip link).
import { useState, type ReactNode } from 'react';
import { buttonClass } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import styles from './filter-bar.module.css';

export interface FilterDrawerProps {
  /** Filters in force (shown on the button, so a closed sheet still says something is narrowed). */
  activeCount: number;
  /** Matches of the current filters, when known: the sheet's close button says how many. */
  total: number | undefined;
  /** The filter rows, rendered inside the sheet while it is open. */
  children: ReactNode;
}

export function FilterDrawer({ activeCount, total, children }: FilterDrawerProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.phoneBar}>
      <button
        type="button"
        className={buttonClass('outline', { size: 'lg', className: styles.filterButton })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        筛选
        {activeCount > 0 && <span className={styles.filterCount}>{activeCount}</span>}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="筛选" closeLabel="关闭筛选" placement="sheet">
        {/* Choosing a chip updates the list behind the sheet; it stays open for the next choice. */}
        <div className={styles.drawerRows}>{children}</div>
        <DialogClose className={buttonClass('primary', { size: 'lg', className: styles.drawerDone })}>
          {total === undefined ? '查看商品' : `查看 ${total} 件商品`}
        </DialogClose>
      </Dialog>
    </div>
  );
}
