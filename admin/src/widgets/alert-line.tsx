// A failure said in one line (role="alert", read out when it appears); nothing when there is none.
import type { ReactNode } from 'react';
import styles from './alert-line.module.css';

export function AlertLine({ message, className }: { message: ReactNode; className?: string }) {
  if (message === undefined || message === null || message === '' || message === false) return null;
  return (
    <p role="alert" className={className ? `${styles.alert} ${className}` : styles.alert}>
      {message}
    </p>
  );
}
