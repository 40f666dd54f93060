// A tri-state checkbox (all / some / none) for a warehouse group or the whole cart.
import type { SelectionCount } from './cart-page-state';
import { selectionState } from './cart-page-state';

export interface SelectCheckboxProps {
  count: SelectionCount;
  label: string;
  onToggle: (on: boolean) => void;
  className?: string;
}

export function SelectCheckbox({ count, label, onToggle, className }: SelectCheckboxProps) {
  const state = selectionState(count);
  return (
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
}
