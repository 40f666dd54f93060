// The contract's text in a scrolling box: title, version, parties, sections.
import type { ReactNode, RefObject, UIEventHandler } from 'react';
import type { ContractView } from '../../domain/e-contract';
import styles from './e-contract.module.css';

export interface ContractTextProps {
  contract: ContractView;
  boxRef: RefObject<HTMLDivElement | null>;
  onScroll: UIEventHandler<HTMLDivElement>;
  /** Under the text, inside the box (the reader reaches it last). */
  footer?: ReactNode;
}

export function ContractText({ contract, boxRef, onScroll, footer }: ContractTextProps) {
  return (
    <div
      ref={boxRef}
      onScroll={onScroll}
      className={styles.box}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus so a keyboard can scroll the contract to its end (axe: scrollable-region-focusable)
      tabIndex={0}
      role="document"
      aria-label={`${contract.title}全文`}
      data-testid="contract-text"
    >
      <h2 className={styles.docTitle}>{contract.title}</h2>
      <p className={styles.docVersion}>合同版本：{contract.version}</p>
      {contract.sections.map((s) => (
        <section key={s.heading} className={styles.section}>
          <h3 className={styles.heading}>{s.heading}</h3>
          {s.clauses.map((c) => (
            <p key={c} className={styles.clause}>
              {c}
            </p>
          ))}
        </section>
      ))}
      {footer}
    </div>
  );
}
