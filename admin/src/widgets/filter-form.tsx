// A console page's filter bar: a search form (role="search") in a white frame whose labelled
// controls sit side by side, the caller's submit button last. Submitting never reloads the page;
// `onApply` puts the filters into the URL. useFilterDraft keeps typed values until then.
import { useState, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';
import styles from './filter-form.module.css';

export interface FilterFormProps {
  /** Accessible name of the search form; leave out when the page's title says it. */
  label?: string;
  onApply: () => void;
  /** 16 px between the filters instead of 12. */
  roomy?: boolean;
  /** The least width of each filter's control, in px (150 unless given); `auto` for the control's own. */
  controlWidth?: number | 'auto';
  children: ReactNode;
}

export function FilterForm({ label, onApply, roomy = false, controlWidth, children }: FilterFormProps) {
  const style =
    controlWidth === undefined
      ? undefined
      : ({ '--filter-control-width': controlWidth === 'auto' ? 'auto' : `${controlWidth}px` } as CSSProperties);
  return (
    <form
      className={roomy ? `${styles.filters} ${styles.roomy}` : styles.filters}
      style={style}
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
      role="search"
      aria-label={label}
    >
      {children}
    </form>
  );
}

/** One labelled filter: its name above its control. */
export function Filter({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className={styles.filter}>
      {label}
      {children}
    </label>
  );
}

type Draft<K extends string> = Record<K, string>;

/**
 * Typed filter values until the form is applied: `bind(key)` wires a control, `apply` hands the
 * values over with blanks left out (so the URL carries only what filters).
 */
export function useFilterDraft<K extends string>(
  initial: Record<K, string | undefined>,
  onApply: (values: Partial<Draft<K>>) => void,
) {
  const [draft, setDraft] = useState<Draft<K>>(
    () => Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v ?? ''])) as Draft<K>,
  );
  const bind = (key: K) => ({
    name: key,
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });
  const apply = () =>
    onApply(
      Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, (v as string) || undefined])) as Partial<Draft<K>>,
    );
  return { draft, bind, apply };
}
