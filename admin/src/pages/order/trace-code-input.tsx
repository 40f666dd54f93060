// One line's 药品追溯码 in the ship form: a USB scanner types the code and Enter, so one input adds
// a code per Enter (typing and Enter work the same). Each code is checked on the spot with the
// shared rule (format, repeats in this shipment, at most one per unit); the server checks again
// and also refuses a code already shipped on another order.
import { useState, type KeyboardEvent } from 'react';
import { normalizeTraceCode, traceCodeProblem } from '@domain/trace-codes.ts';
import styles from './order-page.module.css';

export interface TraceCodeInputProps {
  lineName: string;
  units: number;
  unit: string;
  codes: readonly string[];
  /** Codes on the shipment's other lines (a box ships once). */
  elsewhere: ReadonlySet<string>;
  onChange: (codes: string[]) => void;
  /** The server's message per code index, and for the line. */
  serverErrors: Record<string, string>;
}

export function TraceCodeInput({
  lineName,
  units,
  unit,
  codes,
  elsewhere,
  onChange,
  serverErrors,
}: TraceCodeInputProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState('');

  const add = () => {
    const code = normalizeTraceCode(draft);
    if (code === '') return;
    const bad = traceCodeProblem(code);
    if (bad) return setProblem(bad);
    if (codes.includes(code) || elsewhere.has(code)) return setProblem(`追溯码${code}已扫描，不能重复`);
    if (codes.length >= units) return setProblem(`已扫满${units}${unit}，不能再添加`);
    onChange([...codes, code]);
    setDraft('');
    setProblem('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter adds the code; it must not submit the ship form.
    e.preventDefault();
    add();
  };

  return (
    <div className={styles.traceCodes}>
      <input
        aria-label={`${lineName}的追溯码`}
        placeholder="扫码或输入追溯码后按回车"
        inputMode="numeric"
        autoComplete="off"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKey}
      />
      <span className={styles.muted} aria-live="polite">
        已扫 {codes.length}/{units}
        {unit}
      </span>
      {problem && <p className={styles.error}>{problem}</p>}
      {serverErrors.line && <p className={styles.error}>{serverErrors.line}</p>}
      {codes.length > 0 && (
        <ol className={styles.codeList} aria-label={`${lineName}已扫追溯码`}>
          {codes.map((c, i) => (
            <li key={c}>
              <span className={styles.mono}>{c}</span>
              <button
                type="button"
                className={styles.linkButton}
                aria-label={`移除追溯码${c}`}
                onClick={() => onChange(codes.filter((x) => x !== c))}
              >
                移除
              </button>
              {serverErrors[String(i)] && <span className={styles.error}>{serverErrors[String(i)]}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
