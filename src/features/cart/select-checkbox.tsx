// A tri-state checkbox (all / some / none) for a warehouse group or the whole cart.
import type { SelectionCount } from './cart-page-state';
import { selectionState } from './cart-page-state';

export interface SelectCheckboxProps {
  count: SelectionCount;
  label: string;
  onToggle: (on: boolean) => void;
  className?: string;
  /** Wraps the box in a <label> of this class: a larger tap target on phones (not inside another label). */
  hitClassName?: string;
}

export function SelectCheckbox({ count, label, onToggle, className, hitClassName }: SelectCheckboxProps) {
  const state = selectionState(count);
  const box = (
    <input
      type="checkbox"
      className={className}
      aria-label={label}
      checked={state === 'all'}
      // Nothing to select and nothing selected: the box would do nothing.
      disabled={count.selectable === 0 && count.selected === 0}
      ref={(el) => {
        if (el) el.indeterminate = state === 'some';
      }}
      onChange={(e) => onToggle(e.target.checked)}
    />
  );
  return hitClassName ? <label className={hitClassName}>{box}</label> : box;
}
