// − / input / + for a purchase quantity. It guides with the same rules the server refuses with
// (src/domain/quantity.ts): buttons and arrow keys move by the mid-pack step within min..max,
// a typed value is passed on only when valid, and on blur (or Enter) it snaps to the nearest
// valid quantity, leaving the rule's message visible so the buyer sees why it changed.
import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { clampQuantity, quantityMessage, quantityProblem, type QuantityRules } from '../../domain/quantity';
import styles from './quantity-stepper.module.css';

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  rules: QuantityRules;
  /** Packaging unit for the hint ("最少购买10盒") and the suffix. */
  unit?: string;
  size?: 'sm' | 'md';
  disabled?: boolean;
  /** Accessible name of the input; default 购买数量. */
  ariaLabel?: string;
}

const DEFAULT_UNIT = '件';

export function QuantityStepper({
  value,
  onChange,
  rules,
  unit,
  size = 'md',
  disabled = false,
  ariaLabel,
}: QuantityStepperProps) {
  const hintId = useId();
  /** What the buyer is typing, until it is committed. */
  const [draft, setDraft] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const off = disabled || rules.max === 0;
  const messageUnit = unit || DEFAULT_UNIT;

  const stepTo = (next: number) => {
    setDraft(null);
    setHint(null);
    const snapped = clampQuantity(next, rules);
    if (snapped !== value) onChange(snapped);
  };

  const typed = (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value.replace(/\D+/g, '');
    setDraft(text);
    const n = text === '' ? 0 : Number(text);
    const problem = quantityProblem(n, rules);
    if (problem) {
      setHint(quantityMessage(problem, rules, messageUnit));
    } else {
      setHint(null);
      if (n !== value) onChange(n);
    }
  };

  const commit = () => {
    if (draft === null) return;
    const n = draft === '' ? value : Number(draft);
    const snapped = clampQuantity(n, rules);
    setDraft(null);
    if (snapped !== value) onChange(snapped);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const current = draft !== null && draft !== '' ? Number(draft) : value;
    switch (e.key) {
      case 'ArrowUp':
        e.preventDefault();
        stepTo(current + rules.step);
        return;
      case 'ArrowDown':
        e.preventDefault();
        stepTo(current - rules.step);
        return;
      case 'Enter':
        commit();
        return;
    }
  };

  const canDecrease = !off && value - rules.step >= rules.min;
  const canIncrease = !off && value + rules.step <= rules.max;

  return (
    <span className={styles.stepper} data-size={size} data-disabled={off || undefined}>
      <button
        type="button"
        className={styles.button}
        onClick={() => stepTo(value - rules.step)}
        disabled={!canDecrease}
        aria-label="减少数量"
        tabIndex={-1}
      >
        −
      </button>
      <input
        className={styles.input}
        type="text"
        inputMode="numeric"
        role="spinbutton"
        autoComplete="off"
        aria-label={ariaLabel ?? '购买数量'}
        aria-valuenow={value}
        aria-valuemin={rules.min}
        aria-valuemax={rules.max}
        aria-invalid={hint !== null || undefined}
        aria-describedby={hint !== null ? hintId : undefined}
        value={draft ?? (off && value === 0 ? '' : String(value))}
        onChange={typed}
        onBlur={commit}
        onKeyDown={onKeyDown}
        disabled={off}
      />
      <button
        type="button"
        className={styles.button}
        onClick={() => stepTo(value + rules.step)}
        disabled={!canIncrease}
        aria-label="增加数量"
        tabIndex={-1}
      >
        +
      </button>
      {unit && size === 'md' ? <span className={styles.unit}>{unit}</span> : null}
      <span id={hintId} className={styles.hint} role="status" hidden={hint === null}>
        {hint}
      </span>
    </span>
  );
}
